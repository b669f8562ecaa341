/**
 * Memoises an expensive read by a cheap version key (e.g. the newest updatedAt of the tables it reads; the
 * key must name every argument, since a hit ignores `arg`):
 * the work is redone only when the data changed, and concurrent callers share one computation. Per
 * process; a few recent keys are kept (one per period, say). A failed computation is not remembered.
 */
export function versionedMemo<T, A = void>(compute: (arg: A) => Promise<T>, keep = 8): (key: string, arg: A) => Promise<T> {
  const entries = new Map<string, Promise<T>>();
  return (key, arg) => {
    const hit = entries.get(key);
    if (hit) return hit;
    const promise = compute(arg);
    entries.set(key, promise);
    promise.catch(() => entries.delete(key));
    if (entries.size > keep) entries.delete(entries.keys().next().value as string);
    return promise;
  };
}

/** The current minute: figures that depend on the clock (windows, "waiting more than 24 h") refresh at least this often. */
export function minuteBucket(now = new Date()): number {
  return Math.floor(now.getTime() / 60_000);
}
