export type LoadOnce<T> = {
  load: () => Promise<T>;
  current: () => T | null;
};

/**
 * A lazily loaded piece of code: `load()` starts the import at most once at a time and answers
 * the same promise; a failure lets the next call try again. `current()` is the value once it
 * has arrived, so later renders can use it at once instead of waiting a turn.
 */
export function loadOnce<T>(importer: () => Promise<T>): LoadOnce<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load() {
      loading ??= importer().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    current: () => value,
  };
}
