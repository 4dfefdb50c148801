import { css, html, nothing, type TemplateResult } from 'lit';
import type { Mode } from '../api.js';
import { askFirst } from '../ui/ask-first.js';
import { copy, Page, when } from '../ui/page.js';
import { secretOnce } from '../ui/secret.js';

interface KeyInfo {
  id: string;
  mode: Mode;
  kind: 'pub' | 'sec';
  prefix: string;
  last4: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The workspace's API keys: list, mint (the full key shown once), revoke. */
export class KeysPage extends Page {
  static override styles = [...Page.styles, css`.secret-box { border-color: var(--accent); } .toolbar { margin-bottom: 1rem; }`];
  static override properties = { ...Page.properties, keys: { state: true }, minted: { state: true }, confirming: { state: true } };
  keys?: KeyInfo[];
  minted?: { key: string; info: KeyInfo };
  confirming = '';

  protected override async load(): Promise<void> {
    this.keys = await this.ctx.api.get<KeyInfo[]>('/keys');
  }

  /** A new key on screen is shown this once: leaving asks first (docs/dashboard.md, "Unsaved changes"). */
  override unsavedWork(): string {
    return this.minted && this.minted.info.mode === this.ctx.mode ? 'Your new key is shown only this once: copy it before you leave.' : '';
  }

  async #mint(kind: 'pub' | 'sec'): Promise<void> {
    const done = await this.act(async () => {
      this.minted = await this.ctx.api.post<{ key: string; info: KeyInfo }>('/keys', { mode: this.ctx.mode, kind });
      await this.load();
    });
    if (done) {
      this.ctx.announce(`New ${this.ctx.mode} ${kind === 'pub' ? 'publishable' : 'secret'} key created. Copy it now.`);
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('.secret-box h2')?.setAttribute('tabindex', '-1');
      this.renderRoot.querySelector<HTMLElement>('.secret-box h2')?.focus();
    }
  }

  async #revoke(key: KeyInfo): Promise<void> {
    const done = await this.act(async () => {
      await this.ctx.api.delete(`/keys/${encodeURIComponent(key.id)}`);
      this.confirming = '';
      // A key just shown once is no longer one to copy.
      if (this.minted?.info.id === key.id) this.minted = undefined;
      await this.load();
    });
    if (done) this.ctx.announce(`Key ending ${key.last4} revoked.`);
  }

  protected override render(): TemplateResult {
    const mode = this.ctx.mode;
    const keys = (this.keys ?? []).filter((key) => key.mode === mode);
    return html`
      <h1>API keys</h1>
      <p class="muted">Publishable keys (<code>svc_${mode}_pub_…</code>) go in web pages; secret keys (<code>svc_${mode}_sec_…</code>) stay on your servers. Showing ${mode} mode.</p>
      <div class="row toolbar">
        <button type="button" class="primary" ?disabled=${this.busy} @click=${() => void this.#mint('pub')}>Create ${mode} publishable key</button>
        <button type="button" ?disabled=${this.busy} @click=${() => void this.#mint('sec')}>Create ${mode} secret key</button>
      </div>
      ${this.renderError()}
      ${this.minted && this.minted.info.mode === mode
        ? secretOnce(
            'Your new key',
            this.minted.key,
            () => void copy(this.minted?.key ?? '').then((ok) => this.ctx.announce(ok ? 'Key copied.' : 'Copying failed: select the key and copy it by hand.')),
            () => (this.minted = undefined),
          )
        : nothing}
      <div class="card table-wrap">
        <table>
          <thead><tr><th scope="col">Key</th><th scope="col">Kind</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Status</th></tr></thead>
          <tbody>
            ${keys.map(
              (key) => html`<tr>
                <td><code>${key.prefix}…${key.last4}</code></td>
                <td>${key.kind === 'pub' ? 'Publishable' : 'Secret'}</td>
                <td>${when(key.createdAt)}</td>
                <td>${key.lastUsedAt ? when(key.lastUsedAt) : 'Never'}</td>
                <td>
                  ${key.revokedAt
                    ? html`Revoked ${when(key.revokedAt)}`
                    : askFirst({
                        asking: this.confirming === key.id,
                        ask: 'Revoke…',
                        askLabel: `Revoke key ending ${key.last4}`,
                        askClass: '',
                        confirm: `Revoke …${key.last4} now`,
                        keep: 'Keep it',
                        onAsk: () => (this.confirming = key.id),
                        onConfirm: () => void this.#revoke(key),
                        onKeep: () => (this.confirming = ''),
                      })}
                </td>
              </tr>`,
            )}
          </tbody>
        </table>
        ${this.keys && keys.length === 0 ? html`<p>No ${mode} keys.</p>` : nothing}
      </div>
    `;
  }
}
customElements.define('dash-keys', KeysPage);
