import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Where a widget's resource stands: nothing to load yet, loading, shown, or failed. */
export type ResourceStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * Passes an answer on only while the source it was asked for is still the current one: an answer
 * for an older key, board, flow, user or token source throws {@link StaleAnswer}, which the
 * controller swallows, so the task stops where it awaited.
 */
export type Guard = <T>(answer: T | Promise<T>) => Promise<T>;

/** What a widget tells its {@link ResourceController}. */
export interface ResourceOptions {
  /** The values that name the resource (ids, key, base URL, user, token source, store): a change of any (`Object.is`) reloads. */
  key(): readonly unknown[];
  /**
   * Clears what was shown and answers the load of the current source, or `undefined` when the
   * source is incomplete (status `idle`). Every awaited answer goes through `guard`.
   */
  load(guard: Guard): Promise<void> | undefined;
  /** Turns a failed load into the error shown (the widget's `inlay-error` event goes out here). */
  report(error: unknown): Error;
}

/** Thrown by a {@link Guard} for an answer to an older source. */
export class StaleAnswer extends Error {
  override readonly name = 'StaleAnswer';
}

/**
 * Loads a widget's config and data (docs/widgets.md, "Sign-in and tokens"): reloads when the
 * source changes, drops answers for an older source, and keeps the error state. Refetching on
 * return and the other tabs are resource-sync.ts's. Public in the declarations because the
 * checklist's and the tour's shared base (checklist/flow-element.ts) holds one as a protected member.
 */
export class ResourceController implements ReactiveController {
  status: ResourceStatus = 'idle';
  error?: Error;
  #key?: readonly unknown[];
  #generation = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: ResourceOptions,
  ) {
    host.addController(this);
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

  async #settle(generation: number, task: Promise<void>, showError: boolean): Promise<void> {
    try {
      await task;
      if (generation !== this.#generation) return;
      if (this.status === 'loading') this.#set('ready');
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
}
