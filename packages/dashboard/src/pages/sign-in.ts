import { css, html, nothing, type TemplateResult } from 'lit';
import type { SessionInfo } from '../api.js';
import { Page } from '../ui/page.js';

/**
 * Email and password; on success the shell takes the session (`dash-signed-in`). Sent here when
 * the session ended under an editor with unsaved edits (`?kept=1`), it says they were kept.
 */
export class SignInPage extends Page {
  static override styles = [
    ...Page.styles,
    css`
      .card { max-width: 24rem; margin: 3rem auto; }
      label { display: flex; margin-bottom: 0.75rem; }
      input { width: 100%; }
      .kept { border-left: 3px solid var(--accent); padding-left: 0.6rem; }
    `,
  ];

  async #submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    await this.act(async () => {
      const session = await this.ctx.api.post<SessionInfo>('/session', { email: form.get('email'), password: form.get('password') });
      this.dispatchEvent(new CustomEvent('dash-signed-in', { detail: session }));
    });
  }

  protected override render(): TemplateResult {
    return html`
      <div class="card">
        <h1>Sign in to Inlay</h1>
        ${new URLSearchParams(location.search).has('kept')
          ? html`<p class="kept">Your session ended before your changes were saved. They are kept in this tab: sign in again to get them back.</p>`
          : nothing}
        <form @submit=${(event: SubmitEvent) => void this.#submit(event)}>
          <label>Email <input name="email" type="email" autocomplete="username" required /></label>
          <label>Password <input name="password" type="password" autocomplete="current-password" required /></label>
          ${this.renderError()}
          <button class="primary" type="submit" ?disabled=${this.busy}>Sign in</button>
        </form>
        <p class="muted">No account? An operator creates one with <code>inlay admin create</code>, or a member invites you.</p>
      </div>
    `;
  }
}
customElements.define('dash-sign-in', SignInPage);
