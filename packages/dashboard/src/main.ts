import { css, html, LitElement, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { Api, ApiError, type Mode, type PageContext, type SessionInfo, type UnsavedWork } from './api.js';
import { match, NAV, PREFIX, type Route } from './routes.js';
import { baseStyles } from './styles.js';
import { forgetAllEdits } from './ui/kept-edits.js';
import './page.css';

const MODE_KEY = 'inlay-dashboard-mode';

/**
 * The dashboard's shell (docs/dashboard.md): the session, the header (workspace switcher,
 * test/live toggle, sign-out), and a router over `location.pathname` under /dashboard/ that
 * loads each page's module when the page is first opened. Before the operator leaves a page
 * with unsaved work (a link, Back, sign-out, another workspace, closing the tab), it asks.
 */
export class InlayDashboard extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host { min-height: 100vh; background: var(--bg); }
      .skip { position: absolute; left: -999px; top: 0; background: var(--surface); padding: 0.5rem; z-index: 2; }
      .skip:focus { left: 0.5rem; }
      header { background: var(--surface); border-bottom: 1px solid var(--border); padding: 0.5rem 1rem; }
      .bar { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; justify-content: space-between; }
      .brand { font-weight: 700; font-size: 1.1rem; color: var(--text); text-decoration: none; }
      .controls { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
      nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem 0.9rem; list-style: none; margin: 0.5rem 0 0; padding: 0; }
      nav a { color: var(--muted); text-decoration: none; padding: 0.2rem 0; display: inline-block; }
      nav a[aria-current='page'] { color: var(--text); font-weight: 600; border-bottom: 2px solid var(--accent); }
      nav a:hover { color: var(--text); }
      .mode { display: inline-flex; border: 1px solid var(--border); border-radius: 6px; overflow: hidden; }
      .mode button { border: 0; border-radius: 0; }
      .mode button[aria-pressed='true'] { background: var(--accent); color: var(--accent-text); }
      .switcher { flex-direction: row; align-items: center; gap: 0.4rem; font-weight: 400; }
      main { padding: 1.25rem 1rem 3rem; max-width: 72rem; margin: 0 auto; }
      .toast { position: fixed; bottom: 1rem; right: 1rem; background: var(--text); color: var(--bg); padding: 0.5rem 0.9rem; border-radius: 6px; max-width: 90vw; }
      dialog { border: 1px solid var(--border); border-radius: 8px; background: var(--surface); color: var(--text); padding: 1rem 1.25rem; max-width: min(28rem, calc(100vw - 2rem)); }
      dialog::backdrop { background: rgb(0 0 0 / 45%); }
      dialog h2 { margin-top: 0; }
      .test-banner { background: #fef3c7; color: #713f12; text-align: center; font-size: 0.85rem; padding: 0.15rem; margin: 0.5rem -1rem -0.5rem; }
      @media (prefers-color-scheme: dark) { .test-banner { background: #422006; color: #fde68a; } }
    `,
  ];

  static override properties: PropertyDeclarations = {
    session: { state: true },
    mode: { state: true },
    page: { state: true },
    loading: { state: true },
    failure: { state: true },
    toast: { state: true },
    alert: { state: true },
    leaving: { state: true },
  };

  session?: SessionInfo;
  mode: Mode = localStorage.getItem(MODE_KEY) === 'live' ? 'live' : 'test';
  page?: HTMLElement;
  loading = true;
  failure = '';
  toast = '';
  /** A failure of the shell's own (sign-out), shown until the next page. */
  alert = '';
  /** The question asked before leaving unsaved work: the work, and what leaving is ("Sign out"). */
  leaving?: { work: string; verb: string };

  readonly api = new Api();
  #route?: Route;
  #params: Record<string, string> = {};
  #toastTimer?: ReturnType<typeof setTimeout>;
  #ticket = 0;
  /** The address of the page shown (what Back returns to when the operator stays). */
  #shownUrl = location.pathname + location.search;
  /** The place of the shown page's entry in the session history (kept in `history.state`). */
  #index = 0;
  /** A Back or Forward the shell makes itself, to return to a page the operator chose to stay on. */
  #returning = false;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#index = indexOf(history.state) ?? 0;
    history.replaceState({ index: this.#index }, '');
    window.addEventListener('popstate', this.#onPopState);
    window.addEventListener('beforeunload', this.#onBeforeUnload);
    document.addEventListener('click', this.#onClick);
    this.api.onSignedOut = () => {
      if (!this.session) return;
      // Nobody can save now: the page's unsaved work is kept for after the sign-in, not asked about.
      const kept = this.#page?.keepUnsavedWork() ?? false;
      this.session = undefined;
      this.api.csrfToken = '';
      this.navigate(`sign-in?next=${encodeURIComponent(location.pathname)}${kept ? '&kept=1' : ''}`, true);
    };
    void this.#start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('popstate', this.#onPopState);
    window.removeEventListener('beforeunload', this.#onBeforeUnload);
    document.removeEventListener('click', this.#onClick);
  }

  /** The shown page, as the shell asks it about unsaved work (every page is a ui/page.ts Page). */
  get #page(): UnsavedWork | undefined {
    return this.page as (HTMLElement & UnsavedWork) | undefined;
  }

  async #start(): Promise<void> {
    try {
      this.#setSession(await this.api.get<SessionInfo>('/session'));
    } catch {
      // Signed out (401) or unreachable: the sign-in page says which when it is used.
    }
    await this.#show();
  }

  #setSession(session: SessionInfo | undefined): void {
    this.session = session;
    this.api.csrfToken = session?.csrfToken ?? '';
  }

  /** Goes to `path` (relative to /dashboard/), adding a history entry unless `replace`. Never asks. */
  navigate = (path: string, replace = false): void => {
    const url = `${PREFIX}${path.replace(/^\/?(dashboard\/?)?/, '')}`;
    if (replace) history.replaceState({ index: this.#index }, '', url);
    else history.pushState({ index: ++this.#index }, '', url);
    void this.#show();
  };

  /** Whether the shown page may be left: yes when it has no unsaved work, else the operator's answer. */
  async #mayLeave(verb = 'Leave'): Promise<boolean> {
    const work = this.#page?.unsavedWork() ?? '';
    if (!work) return true;
    // One question at a time: the first one answers.
    if (this.leaving) return false;
    this.leaving = { work, verb };
    await this.updateComplete;
    const dialog = this.renderRoot.querySelector('dialog') as HTMLDialogElement;
    dialog.returnValue = '';
    dialog.showModal();
    await new Promise((resolve) => dialog.addEventListener('close', resolve, { once: true }));
    this.leaving = undefined;
    return dialog.returnValue === 'leave';
  }

  /** A link or the operator's own navigation: asks first if the page has unsaved work. */
  async #leaveFor(path: string): Promise<void> {
    const shown = this.#index;
    if (await this.#mayLeave()) {
      // From wherever Back or Forward, pressed while it asked, took the address.
      this.#index = indexOf(history.state) ?? this.#index;
      this.navigate(path);
    } else {
      this.#returnTo(shown);
    }
  }

  /**
   * Back or Forward: the address has already changed. If the operator stays, the shell goes back
   * to the entry of the page still shown (or, from an entry it did not make, adds it again).
   */
  #onPopState = async (): Promise<void> => {
    if (this.#returning) {
      this.#returning = false;
      return;
    }
    // Back or Forward again while the question is open: its answer applies to where the address
    // is when it is given (Leave goes there, Stay comes back).
    if (this.leaving) return;
    const shown = this.#index;
    if (await this.#mayLeave()) {
      this.#index = indexOf(history.state) ?? this.#index + 1;
      if (indexOf(history.state) === undefined) history.replaceState({ index: this.#index }, '');
      void this.#show();
      return;
    }
    this.#returnTo(shown);
  };

  /** The operator stayed: the address goes back to the entry of the page still shown. */
  #returnTo(shown: number): void {
    const at = indexOf(history.state);
    if (at === undefined) {
      this.#index = shown + 1;
      history.pushState({ index: this.#index }, '', this.#shownUrl);
    } else if (at !== shown) {
      this.#returning = true;
      history.go(shown - at);
    }
  }

  /** Closing or reloading the tab with unsaved work: the browser asks (it words the question). */
  #onBeforeUnload = (event: BeforeUnloadEvent): void => {
    if (!this.#page?.unsavedWork()) return;
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    event.returnValue = '';
  };

  /** Same-page links under /dashboard/ (in any shadow root) go through the router. */
  #onClick = (event: MouseEvent): void => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement);
    if (!anchor || anchor.target || anchor.hasAttribute('download') || anchor.origin !== location.origin) return;
    if (!anchor.pathname.startsWith(PREFIX) || anchor.pathname.startsWith(`${PREFIX}api/`)) return;
    event.preventDefault();
    void this.#leaveFor(anchor.pathname.slice(PREFIX.length) + anchor.search);
  };

  async #show(): Promise<void> {
    const ticket = ++this.#ticket;
    const found = match(location.pathname);
    if (!found) {
      this.navigate('', true);
      return;
    }
    if (!found.route.public && !this.session) {
      this.navigate(`sign-in?next=${encodeURIComponent(location.pathname)}`, true);
      return;
    }
    if (found.route.tag === 'dash-sign-in' && this.session) {
      this.navigate('', true);
      return;
    }
    this.loading = true;
    this.failure = '';
    this.alert = '';
    try {
      await found.route.load();
    } catch {
      if (ticket !== this.#ticket) return;
      this.loading = false;
      this.failure = 'This page could not be loaded. Reload to try again.';
      return;
    }
    if (ticket !== this.#ticket) return;
    this.#route = found.route;
    this.#params = found.params;
    this.#shownUrl = location.pathname + location.search;
    const page = document.createElement(found.route.tag);
    this.#give(page);
    this.page = page;
    this.loading = false;
    document.title = `${found.route.title} · Inlay dashboard`;
  }

  #context(): PageContext {
    return {
      api: this.api,
      // Pages that need no session (sign-in) get a placeholder they never read.
      session: this.session as SessionInfo,
      mode: this.mode,
      params: this.#params,
      navigate: this.navigate,
      announce: (message) => this.#announce(message),
    };
  }

  #give(page: HTMLElement): void {
    Object.assign(page, { ctx: this.#context() });
    page.addEventListener('dash-signed-in', ((event: CustomEvent<SessionInfo>) => {
      this.#setSession(event.detail);
      const next = new URLSearchParams(location.search).get('next');
      this.navigate(next && next.startsWith(PREFIX) && !next.includes('sign-in') ? next : '', true);
    }) as EventListener);
  }

  #announce(message: string): void {
    this.toast = message;
    clearTimeout(this.#toastTimer);
    this.#toastTimer = setTimeout(() => (this.toast = ''), 5000);
  }

  #setMode(mode: Mode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    localStorage.setItem(MODE_KEY, mode);
    if (this.page) this.#give(this.page);
    this.#announce(`Showing ${mode} mode.`);
  }

  async #switchWorkspace(event: Event): Promise<void> {
    const select = event.target as HTMLSelectElement;
    const workspaceId = select.value;
    if (!(await this.#mayLeave('Switch workspace'))) {
      select.value = this.session?.workspace.id ?? workspaceId;
      return;
    }
    try {
      this.#setSession(await this.api.put<SessionInfo>('/session/workspace', { workspaceId }));
      this.#announce(`Switched to ${this.session?.workspace.name ?? 'the workspace'}.`);
      // Ids of the old workspace mean nothing in the new one.
      this.navigate(this.#route?.keys.length ? (this.#params.collection ?? '') : location.pathname.slice(PREFIX.length), true);
    } catch (error) {
      this.#announce((error as Error).message);
    }
  }

  /**
   * Signs out once the server has ended the session (or says it had no such session). When the
   * server cannot be reached or refuses, the operator stays signed in and is told so: the session
   * cookie, which the page cannot clear, would still sign them in.
   */
  async #signOut(): Promise<void> {
    if (!(await this.#mayLeave('Sign out'))) return;
    this.alert = '';
    try {
      await this.api.delete('/session');
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) {
        this.alert = `Signing out failed, so you are still signed in. ${(error as Error).message}`;
        return;
      }
    }
    forgetAllEdits();
    this.#setSession(undefined);
    this.navigate('sign-in', true);
  }

  /** The question asked before leaving a page with unsaved work. */
  #leaveDialog(): TemplateResult {
    const leaving = this.leaving;
    const close = (event: Event, answer: string): void => (event.target as HTMLElement).closest('dialog')?.close(answer);
    return html`
      <dialog aria-labelledby="leave-title" aria-describedby="leave-work">
        ${leaving
          ? html`<h2 id="leave-title">${leaving.verb} without saving?</h2>
              <p id="leave-work">${leaving.work}</p>
              <div class="row">
                <button type="button" class="primary" autofocus @click=${(event: Event) => close(event, 'stay')}>Keep editing</button>
                <button type="button" class="danger" @click=${(event: Event) => close(event, 'leave')}>${leaving.verb} without saving</button>
              </div>`
          : nothing}
      </dialog>
    `;
  }

  #header(session: SessionInfo): TemplateResult {
    const current = location.pathname.slice(PREFIX.length).split('/')[0] ?? '';
    return html`
      <header>
        <button type="button" class="skip" @click=${() => this.renderRoot.querySelector<HTMLElement>('main')?.focus()}>Skip to content</button>
        <div class="bar">
          <a class="brand" href="${PREFIX}">Inlay</a>
          <div class="controls">
            <label class="switcher">
              <span>Workspace</span>
              <select @change=${(event: Event) => void this.#switchWorkspace(event)}>
                ${session.workspaces.map((workspace) => html`<option value=${workspace.id} ?selected=${workspace.id === session.workspace.id}>${workspace.name}</option>`)}
              </select>
            </label>
            <div class="mode" role="group" aria-label="Mode">
              <button type="button" aria-pressed=${this.mode === 'test' ? 'true' : 'false'} @click=${() => this.#setMode('test')}>Test</button>
              <button type="button" aria-pressed=${this.mode === 'live' ? 'true' : 'false'} @click=${() => this.#setMode('live')}>Live</button>
            </div>
            <span class="muted">${session.account.email}</span>
            <button type="button" @click=${() => void this.#signOut()}>Sign out</button>
          </div>
        </div>
        <nav aria-label="Dashboard">
          <ul>
            ${NAV.map(([path, label]) => html`<li><a href="${PREFIX}${path}" aria-current=${path === current ? 'page' : nothing}>${label}</a></li>`)}
          </ul>
        </nav>
        ${this.mode === 'test' ? html`<p class="test-banner">Test mode: you are seeing test data.</p>` : nothing}
      </header>
    `;
  }

  protected override render(): TemplateResult {
    const signedIn = this.session !== undefined && !this.#route?.public;
    return html`
      ${signedIn && this.session ? this.#header(this.session) : nothing}
      <main id="main" tabindex="-1">
        ${this.alert ? html`<p class="error" role="alert">${this.alert}</p>` : nothing}
        ${this.failure ? html`<p class="error" role="alert">${this.failure}</p>` : this.loading && !this.page ? html`<p class="muted">Loading…</p>` : this.page}
        <div class="visually-hidden" role="status" aria-live="polite">${this.toast}</div>
        ${this.toast ? html`<div class="toast" aria-hidden="true">${this.toast}</div>` : nothing}
      </main>
      ${this.#leaveDialog()}
    `;
  }
}

/** The shell's index of a history entry, from its `history.state`; undefined for an entry it did not make. */
function indexOf(state: unknown): number | undefined {
  const index = (state as { index?: unknown } | null)?.index;
  return typeof index === 'number' ? index : undefined;
}

customElements.define('inlay-dashboard', InlayDashboard);
