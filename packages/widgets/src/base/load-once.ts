/**
 * `load` run at the first call and its answer kept for every later one; a load that fails is
 * forgotten, so the next call tries again (the write modules beside the script-tag bundles:
 * docs/widgets.md, "Files of the script-tag bundles"). @internal
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
