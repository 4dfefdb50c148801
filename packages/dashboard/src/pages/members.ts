import { html, nothing, type TemplateResult } from 'lit';
import { copy, Page, when } from '../ui/page.js';
import { secretOnce } from '../ui/secret.js';

interface Member {
  accountId: string;
  email: string;
  joinedAt: string;
}
interface Invite {
  id: string;
  email: string;
  createdAt: string;
  expiresAt: string;
  invitedBy: string;
}

/** The workspace's members, and invites: a link shown once, revocable until used. */
export class MembersPage extends Page {
  static override properties = { ...Page.properties, members: { state: true }, invites: { state: true }, link: { state: true } };
  members?: Member[];
  invites: Invite[] = [];
  link = '';

  protected override async load(): Promise<void> {
    const [members, invites] = await Promise.all([this.ctx.api.get<Member[]>('/members'), this.ctx.api.get<Invite[]>('/invites')]);
    this.members = members;
    this.invites = invites;
  }

  async #invite(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const email = String(new FormData(form).get('email') ?? '');
    if (await this.act(async () => {
      const invite = await this.ctx.api.post<{ url: string }>('/invites', { email });
      this.link = new URL(invite.url, location.origin).href;
      await this.load();
    })) {
      form.reset();
      this.ctx.announce(`Invite for ${email} created. Copy its link now.`);
    }
  }

  async #revoke(invite: Invite): Promise<void> {
    if (await this.act(async () => {
      await this.ctx.api.delete(`/invites/${encodeURIComponent(invite.id)}`);
      await this.load();
    })) this.ctx.announce(`Invite for ${invite.email} revoked.`);
  }

  protected override render(): TemplateResult {
    return html`
      <h1>Members</h1>
      <form class="card row" @submit=${(event: SubmitEvent) => void this.#invite(event)}>
        <label>Invite by email <input name="email" type="email" required autocomplete="off" /></label>
        <button class="primary" type="submit" ?disabled=${this.busy}>Create invite link</button>
      </form>
      ${this.renderError()}
      ${this.link
        ? secretOnce('Invite link', this.link, () => void copy(this.link).then((ok) => this.ctx.announce(ok ? 'Link copied.' : 'Copying failed: select the link and copy it by hand.')), () => (this.link = ''))
        : nothing}
      <div class="card table-wrap">
        <table>
          <caption class="visually-hidden">Members</caption>
          <thead><tr><th scope="col">Email</th><th scope="col">Joined</th></tr></thead>
          <tbody>${(this.members ?? []).map((member) => html`<tr><td>${member.email}</td><td>${when(member.joinedAt)}</td></tr>`)}</tbody>
        </table>
      </div>
      ${this.invites.length > 0
        ? html`<h2>Open invites</h2>
            <div class="card table-wrap">
              <table>
                <thead><tr><th scope="col">Email</th><th scope="col">Invited by</th><th scope="col">Expires</th><th scope="col">Action</th></tr></thead>
                <tbody>${this.invites.map((invite) => html`<tr><td>${invite.email}</td><td>${invite.invitedBy}</td><td>${when(invite.expiresAt)}</td><td><button type="button" @click=${() => void this.#revoke(invite)}>Revoke invite for ${invite.email}</button></td></tr>`)}</tbody>
              </table>
            </div>`
        : nothing}
    `;
  }
}
customElements.define('dash-members', MembersPage);
