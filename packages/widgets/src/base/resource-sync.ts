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

/**
 * Keeps a loaded resource current (docs/widgets.md, "Several tabs"): refetches it quietly when the
 * page comes back into view, and shares changes with the other tabs of the same user and
 * resource through a `BroadcastChannel`. Apart from {@link ResourceController}, so a widget that
 * does not need it before the first interaction can add it from its write path (the checklist's
 * progress-writes.ts; docs/decisions.md, "Widget bundle budgets (measured)").
 * @internal
 */
export class ResourceSync implements ReactiveController {
  #refreshing = false;
  #channel?: BroadcastChannel;
  #channelName?: string;

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
  }

  hostDisconnected(): void {
    window.removeEventListener('focus', this.#onReturn);
    document.removeEventListener('visibilitychange', this.#onReturn);
    this.#closeChannel();
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

  readonly #onReturn = (): void => {
    if (document.visibilityState === 'hidden' || this.resource.status !== 'ready' || this.#refreshing) return;
    const task = this.options.refresh(this.resource.guard());
    if (!task) return;
    // Focus and visibility change together when a tab is brought back: one refetch for both.
    this.#refreshing = true;
    task.then(
      () => (this.#refreshing = false),
      () => (this.#refreshing = false),
    );
  };

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
