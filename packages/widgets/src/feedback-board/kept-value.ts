/**
 * A string this browser keeps for the board under `key`: in localStorage (per origin), or, where
 * storage throws (Safari private mode, sandboxed iframes, blocked cookies), in memory for the
 * page's lifetime. @internal
 */
export function keptValue(key: string): { get(): string | undefined; set(value: string): void } {
  let inMemory: string | undefined;
  return {
    get() {
      try {
        // Storage that took the value and no longer holds it was cleared: the value is gone.
        return localStorage.getItem(key) ?? inMemory;
      } catch {
        return inMemory;
      }
    },
    set(value) {
      try {
        localStorage.setItem(key, value);
        inMemory = undefined;
      } catch {
        // Memory only: the value lasts for this page.
        inMemory = value;
      }
    },
  };
}
