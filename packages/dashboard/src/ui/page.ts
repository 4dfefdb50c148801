import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { ApiError, type PageContext, type UnsavedWork } from '../api.js';
import { baseStyles } from '../styles.js';

/**
 * What every page shares: the shell's context (`ctx`), a `load()` run when it changes (another
 * page, workspace or mode), and `act()` for a user's action with its error shown in an alert.
 * Pages focus their heading when they open, so a screen reader hears where it is.
 */
export abstract class Page extends LitElement implements UnsavedWork {
  static override styles = [baseStyles];
  static override properties: PropertyDeclarations = {
    ctx: { attribute: false },
    error: { state: true },
    busy: { state: true },
  };

  declare ctx: PageContext;
  error = '';
  busy = false;
  #focused = false;

  protected load(): Promise<void> | void {}

  /** Nothing unsaved, unless a page with a form says otherwise. */
  unsavedWork(): string {
    return '';
  }

  keepUnsavedWork(): boolean {
    return false;
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('ctx') && this.ctx) void this.act(() => this.load());
  }

  protected override updated(): void {
    if (this.#focused) return;
    const heading = this.renderRoot.querySelector<HTMLElement>('h1');
    if (!heading) return;
    this.#focused = true;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }

  /** Runs an action with the page busy; a failure is shown as the page's error. */
  protected async act(action: () => Promise<unknown> | unknown): Promise<boolean> {
    this.busy = true;
    this.error = '';
    try {
      await action();
      return true;
    } catch (error) {
      this.failed(error);
      return false;
    } finally {
      this.busy = false;
    }
  }

  /** Shows an action's failure: as the page's error, unless a page shows some of its own elsewhere. */
  protected failed(error: unknown): void {
    this.error = messageOf(error);
  }

  protected renderError(): TemplateResult | typeof nothing {
    return this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing;
  }
}

/** A user-facing sentence for a failure, naming the field the server pointed at. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.param ? `${error.message} (${error.param})` : error.message;
  return error instanceof Error ? error.message : String(error);
}

/** `2026-11-25T10:00:00Z` as the operator's local date and time. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Copies text to the clipboard; answers whether it worked. */
export async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
