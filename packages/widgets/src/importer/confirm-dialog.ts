import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';

/** What the dialog asks. @internal */
export interface ConfirmRequest {
  title: string;
  message: string;
  confirm: string;
  cancel: string;
}

/**
 * A confirmation inside the widget (a modal `<dialog>` in its shadow root, not `window.confirm`,
 * which blocks the page and cannot be styled or translated with the rest): the safe choice has
 * focus, Escape answers it, and focus returns to the control that asked when it closes.
 * @internal
 */
export class ConfirmDialog implements ReactiveController {
  #request: (ConfirmRequest & { resolve(confirmed: boolean): void }) | null = null;
  #returnTo: HTMLElement | null = null;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  get open(): boolean {
    return this.#request !== null;
  }

  /** Shows the dialog; answers whether the user confirmed. A second request answers the first "no". */
  ask(request: ConfirmRequest): Promise<boolean> {
    this.#request?.resolve(false);
    this.#returnTo = deepActive(this.host.shadowRoot);
    return new Promise((resolve) => {
      this.#request = { ...request, resolve };
      this.host.requestUpdate();
    });
  }

  hostUpdated(): void {
    const dialog = this.host.shadowRoot?.querySelector<HTMLDialogElement>('dialog[data-confirm]');
    if (dialog && !dialog.open && this.host.isConnected) dialog.showModal();
  }

  hostDisconnected(): void {
    this.#answer(false);
  }

  #answer(confirmed: boolean): void {
    const request = this.#request;
    if (!request) return;
    this.#request = null;
    request.resolve(confirmed);
    this.host.requestUpdate();
    const returnTo = this.#returnTo;
    this.#returnTo = null;
    // Confirmed, the step changes and moves focus itself; otherwise back to where the user was.
    if (!confirmed && returnTo?.isConnected) void Promise.resolve().then(() => returnTo.focus());
  }

  render(): TemplateResult | typeof nothing {
    const request = this.#request;
    if (!request) return nothing;
    const onCancel = (event: Event) => {
      event.preventDefault();
      this.#answer(false);
    };
    return html`<dialog class="confirm" part="confirm" data-confirm aria-labelledby="confirm-title" aria-describedby="confirm-message" @cancel=${onCancel}>
      <h3 id="confirm-title">${request.title}</h3>
      <p id="confirm-message">${request.message}</p>
      <div class="buttons">
        <button class="button" part="button confirm-keep" autofocus @click=${() => this.#answer(false)}>${request.cancel}</button>
        <button class="button danger" part="button confirm-discard" @click=${() => this.#answer(true)}>${request.confirm}</button>
      </div>
    </dialog>`;
  }
}

/** The focused element inside `root` (through nested shadow roots). */
function deepActive(root: ShadowRoot | null): HTMLElement | null {
  let active = root?.activeElement ?? null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}
