import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Where a widget's resource stands: nothing to load yet, loading, shown, or failed. @internal */
export type ResourceStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * Passes an answer on only while the source it was asked for is still the current one: an answer
 * for an older key, board, flow, user or token source throws {@link StaleAnswer}, which the
 * controller swallows, so the task stops where it awaited. @internal
 */
export type Guard = <T>(answer: T | Promise<T>) => Promise<T>;

/** What a widget tells its {@link ResourceController}. @internal */
export interface ResourceOptions {
  /** The values that name the resource (ids, key, base URL, user, token source, store): a change of any (`Object.is`) reloads. */
  key(): readonly unknown[];
  /**
   * Clears what was shown and answers the load of the current source, or `undefined` when the
   * source is incomplete (status `idle`). Every awaited answer goes through `guard`.
   */
  load(guard: Guard): Promise<void> | undefined;
  /** A quiet refetch when the page comes back into view or focus: no loading state, and a failure changes nothing. */
  refresh?(guard: Guard): Promise<void> | undefined;
  /** The `BroadcastChannel` name for the loaded resource and its user, or undefined for none. */
  channel?(): string | undefined;
  /** A message another tab of the same user and resource published. */
  receive?(message: unknown): void;
  /** Turns a failed load into the error shown (the widget's `inlay-error` event goes out here). */
  report(error: unknown): Error;
}

/** Thrown by a {@link Guard} for an answer to an older source. @internal */
export class StaleAnswer extends Error {
  override readonly name = 'StaleAnswer';
}

/**
 * Loads a widget's config and data (docs/widgets.md, "Sign-in and tokens", "Several tabs"): reloads
 * when the source changes, drops answers for an older source, keeps the error state, refetches
 * quietly when the page comes back into view, and shares changes with the other tabs of the same
 * user and resource through a `BroadcastChannel`.
 * @internal
 */
export class ResourceController implements ReactiveController {
  status: ResourceStatus = 'idle';
  error?: Error;
  #key?: readonly unknown[];
  #generation = 0;
  #refreshing = false;
  #channel?: BroadcastChannel;
  #channelName?: string;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: ResourceOptions,
  ) {
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

  /** Runs before every render (after `willUpdate`): a changed source starts a new load. */
  hostUpdate(): void {
    const key = this.options.key();
    if (this.#key && key.length === this.#key.length && key.every((value, index) => Object.is(value, this.#key?.[index]))) return;
    this.#key = key;
    void this.reload();
  }

  /** Starts over for the current source (also the retry button). */
  reload(): Promise<void> {
    const generation = ++this.#generation;
    this.#closeChannel();
    this.error = undefined;
    const task = this.options.load(this.guard());
    this.#set(task ? 'loading' : 'idle');
    return task ? this.#settle(generation, task, true) : Promise.resolve();
  }

  /** Runs more loading for the current source (shown as loading, failing into the error state). */
  run(task: (guard: Guard) => Promise<void>): Promise<void> {
    this.#set('loading');
    return this.#settle(this.#generation, task(this.guard()), true);
  }

  /** A guard for the current source, for writes that outlive a reload. */
  guard(): Guard {
    const generation = this.#generation;
    return async (answer) => {
      const value = await answer;
      if (generation !== this.#generation) throw new StaleAnswer();
      return value;
    };
  }

  /** Whether answers for the source current now would still be used later. */
  current(): () => boolean {
    const generation = this.#generation;
    return () => generation === this.#generation;
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

  async #settle(generation: number, task: Promise<void>, showError: boolean): Promise<void> {
    try {
      await task;
      if (generation !== this.#generation) return;
      if (this.status === 'loading') this.#set('ready');
      this.#openChannel();
    } catch (error) {
      if (error instanceof StaleAnswer || generation !== this.#generation || !showError) return;
      this.error = this.options.report(error);
      this.#set('error');
    }
  }

  #set(status: ResourceStatus): void {
    this.status = status;
    this.host.requestUpdate();
  }

  readonly #onReturn = (): void => {
    if (document.visibilityState === 'hidden' || this.status !== 'ready' || this.#refreshing || !this.options.refresh) return;
    const task = this.options.refresh(this.guard());
    if (!task) return;
    // Focus and visibility change together when a tab is brought back: one refetch for both.
    this.#refreshing = true;
    task.then(
      () => (this.#refreshing = false),
      () => (this.#refreshing = false),
    );
  };

  #openChannel(): void {
    const name = this.status === 'ready' ? this.options.channel?.() : undefined;
    if (name === this.#channelName) return;
    this.#closeChannel();
    if (name === undefined || typeof BroadcastChannel === 'undefined' || !this.options.receive) return;
    const channel = new BroadcastChannel(name);
    channel.onmessage = (event: MessageEvent) => {
      if (this.status === 'ready') this.options.receive?.(event.data);
    };
    this.#channel = channel;
    this.#channelName = name;
  }

  #closeChannel(): void {
    this.#channel?.close();
    this.#channel = this.#channelName = undefined;
  }
}
