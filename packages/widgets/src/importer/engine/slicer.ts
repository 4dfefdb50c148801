/**
 * Cuts long work into slices so the thread it runs on stays responsive: on the main thread (the
 * no-worker fallback) slices stay well under the 50 ms of a long task; in a worker they are
 * longer, and the pauses let a `cancel` message in. A pause is a MessageChannel round trip, not
 * `setTimeout`, which browsers clamp to 4 ms once nested.
 * @internal
 */
export class Slicer {
  #deadline = 0;
  #channel_: Channel | undefined;
  #waiting: (() => void)[] = [];
  #cancelled = false;

  /** @param budgetMs how long a slice may run */
  constructor(readonly budgetMs: number) {
    this.#deadline = now() + budgetMs;
  }

  /** Whether the current slice has used its time; check it every few hundred rows. */
  get due(): boolean {
    return now() >= this.#deadline;
  }

  /** Stops the work at its next pause: {@link pause} then throws a {@link CancelledError}. */
  cancel(): void {
    this.#cancelled = true;
  }

  get cancelled(): boolean {
    return this.#cancelled;
  }

  /** Lets other tasks run, then starts a new slice. Throws when cancelled meanwhile. */
  async pause(): Promise<void> {
    if (this.#cancelled) throw new CancelledError();
    await new Promise<void>((resolve) => {
      this.#waiting.push(resolve);
      this.#channel().postMessage(null);
    });
    if (this.#cancelled) throw new CancelledError();
    this.#deadline = now() + this.budgetMs;
  }

  /** Pauses only when the slice is used up. */
  async maybePause(): Promise<void> {
    if (this.due || this.#cancelled) await this.pause();
  }

  /** Frees the channel. */
  close(): void {
    this.#channel_?.port1.close();
    this.#channel_ = undefined;
  }

  #channel(): Channel['port2'] {
    if (!this.#channel_) {
      // Both ports are kept, so neither is collected while a pause is pending.
      this.#channel_ = new MessageChannel() as unknown as Channel;
      this.#channel_.port1.onmessage = () => this.#waiting.shift()?.();
    }
    return this.#channel_.port2;
  }
}

/** The part of a MessageChannel the slicer uses (typed structurally: Node's types differ from the DOM's). */
interface Channel {
  port1: { onmessage: ((event: unknown) => void) | null; close(): void };
  port2: { postMessage(message: null): void };
}

/** The request was cancelled (by the user, or by a newer request replacing it). */
export class CancelledError extends Error {
  override readonly name = 'CancelledError';
  constructor() {
    super('Cancelled');
  }
}

function now(): number {
  return performance.now();
}
