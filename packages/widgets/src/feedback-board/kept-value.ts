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
        return localStorage.getItem(key) ?? inMemory;
      } catch {
        return inMemory;
      }
    },
    set(value) {
      inMemory = value;
      try {
        localStorage.setItem(key, value);
      } catch {
        // Memory only: the value lasts for this page.
      }
    },
  };
}
