import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Guard, ResourceController } from './resource-controller.js';

/** What a widget tells its {@link ResourceSync}. @internal */
export interface ResourceSyncOptions {
  /** A quiet refetch when the page comes back into view or focus: no loading state, and a failure changes nothing. */
  refresh(guard: Guard): Promise<void> | undefined;
  /** The `BroadcastChannel` name for the loaded resource and its user, or undefined for none. */
  channel(): string | undefined;
  /** A message another tab of the same user and resource published. */
  receive(message: unknown): void;
}

/** The quiet poll's first delay and its longest ({@link ResourceSync.poll}), in ms. */
export const POLL_FIRST_MS = 3000;
export const POLL_LONGEST_MS = 30_000;
/** Reads of one poll before it waits for the page to come back into view or focus. */
export const POLL_READS = 20;

/**
 * Keeps a loaded resource current (docs/widgets.md, "Several tabs"): refetches it quietly when the
 * page comes back into view (and, asked to, polls it while the page is visible), and shares
 * changes with the other tabs of the same user and resource through a `BroadcastChannel`. Apart
 * from {@link ResourceController}, so a widget that does not need it before the first interaction
 * can add it from its write path (the checklist's progress-writes.ts; docs/decisions.md, "Widget
 * bundle budgets (measured)").
 * @internal
 */
export class ResourceSync implements ReactiveController {
  #refreshing = false;
  #channel?: BroadcastChannel;
  #channelName?: string;
  /** What the poll is for (a tour's event step), or undefined when not polling. */
  #polled?: string;
  #pollTimer?: ReturnType<typeof setTimeout>;
  #pollDelay = POLL_FIRST_MS;
  #pollReads = 0;

  constructor(
    host: ReactiveControllerHost,
    private readonly resource: ResourceController,
    private readonly options: ResourceSyncOptions,
  ) {
    // Lit calls hostConnected at once when the host is already connected.
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('focus', this.#onReturn);
    document.addEventListener('visibilitychange', this.#onReturn);
    this.#openChannel();
    this.#restartPoll();
  }

  hostDisconnected(): void {
    window.removeEventListener('focus', this.#onReturn);
    document.removeEventListener('visibilitychange', this.#onReturn);
    this.#closeChannel();
    clearTimeout(this.#pollTimer);
  }

  /** After every render: the channel follows the resource (none while loading or failed). */
  hostUpdated(): void {
    this.#openChannel();
  }

  /** Sends `message` to the other tabs of the same user and resource. */
  publish(message: unknown): void {
    this.#openChannel();
    try {
      this.#channel?.postMessage(message);
    } catch {
      // A closed channel (the element just left the page): the other tabs catch up on focus.
    }
  }

  /**
   * Refetches quietly while `what` is set and the page is visible (docs/widgets.md, `<inlay-tour>`:
   * a step done by an outcome that another system records): after POLL_FIRST_MS, then half as long
   * again each time up to POLL_LONGEST_MS, at most POLL_READS times; hidden, the poll stops, and
   * coming back into view or focus refetches and starts it over. A new `what` starts it over;
   * undefined stops it.
   */
  poll(what: string | undefined): void {
    if (what === this.#polled) return;
    this.#polled = what;
    this.#restartPoll();
  }

  #restartPoll(): void {
    this.#pollDelay = POLL_FIRST_MS;
    this.#pollReads = 0;
    this.#schedulePoll();
  }

  #schedulePoll(): void {
    clearTimeout(this.#pollTimer);
    if (this.#polled === undefined || document.visibilityState === 'hidden' || this.#pollReads >= POLL_READS) return;
    this.#pollTimer = setTimeout(() => {
      this.#pollReads++;
      this.#pollDelay = Math.min(this.#pollDelay * 1.5, POLL_LONGEST_MS);
      this.#refetch();
      this.#schedulePoll();
    }, this.#pollDelay);
  }

  /** Back into view or focus: a refetch, and the poll (if any) starts over (or stops when hidden). */
  readonly #onReturn = (): void => {
    this.#refetch();
    this.#restartPoll();
  };

  #refetch(): void {
    if (document.visibilityState === 'hidden' || this.resource.status !== 'ready' || this.#refreshing) return;
    const task = this.options.refresh(this.resource.guard());
    if (!task) return;
    // Focus and visibility change together when a tab is brought back: one refetch for both.
    this.#refreshing = true;
    task.then(
      () => (this.#refreshing = false),
      () => (this.#refreshing = false),
    );
  }

  #openChannel(): void {
    const name = this.resource.status === 'ready' ? this.options.channel() : undefined;
    if (name === this.#channelName) return;
    this.#closeChannel();
    if (name === undefined || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(name);
    channel.onmessage = (event: MessageEvent) => {
      if (this.resource.status === 'ready') this.options.receive(event.data);
    };
    this.#channel = channel;
    this.#channelName = name;
  }

  #closeChannel(): void {
    this.#channel?.close();
    this.#channel = this.#channelName = undefined;
  }
}
