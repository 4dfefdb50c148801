import { css, html, nothing, type TemplateResult } from 'lit';
import type { SessionInfo } from '../api.js';
import { Page, when } from '../ui/page.js';

interface InviteInfo {
  email: string;
  workspace: { id: string; name: string };
  accountExists: boolean;
  expiresAt: string;
}

/** An invite link (`/dashboard/invite/<token>`): join the workspace, creating the account if needed. */
export class InvitePage extends Page {
  static override styles = [...Page.styles, css`.card { max-width: 26rem; margin: 3rem auto; } label { display: flex; margin-bottom: 0.75rem; } input { width: 100%; }`];
  static override properties = { ...Page.properties, invite: { state: true } };
  invite?: InviteInfo;

  protected override async load(): Promise<void> {
    this.invite = await this.ctx.api.get<InviteInfo>(`/invites/token/${encodeURIComponent(this.ctx.params.token ?? '')}`);
  }

  async #accept(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const password = new FormData(event.target as HTMLFormElement).get('password');
    await this.act(async () => {
      const session = await this.ctx.api.post<SessionInfo>(`/invites/token/${encodeURIComponent(this.ctx.params.token ?? '')}/accept`, { password });
      this.dispatchEvent(new CustomEvent('dash-signed-in', { detail: session }));
    });
  }

  protected override render(): TemplateResult {
    const invite = this.invite;
    return html`
      <div class="card">
        <h1>Join a workspace</h1>
        ${invite
          ? html`
              <p>You are invited to <strong>${invite.workspace.name}</strong> as <strong>${invite.email}</strong>. The invite expires ${when(invite.expiresAt)}.</p>
              <form @submit=${(event: SubmitEvent) => void this.#accept(event)}>
                <label>
                  ${invite.accountExists ? 'Your password' : 'Choose a password (at least 12 characters)'}
                  <input name="password" type="password" minlength=${invite.accountExists ? nothing : 12} autocomplete=${invite.accountExists ? 'current-password' : 'new-password'} required />
                </label>
                ${this.renderError()}
                <button class="primary" type="submit" ?disabled=${this.busy}>Join ${invite.workspace.name}</button>
              </form>
            `
          : this.error
            ? this.renderError()
            : html`<p class="muted">Loading…</p>`}
      </div>
    `;
  }
}
customElements.define('dash-invite', InvitePage);
