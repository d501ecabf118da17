/**
 * The first `k` items of `items` in the order of `cmp` (a total order), without sorting them all:
 * one pass keeps the best `k` sorted and drops an item with one comparison once it cannot enter.
 * The universe and the newest list take a few hundred of 100,000 markets this way.
 */
export function topOf<T>(items: Iterable<T>, k: number, cmp: (a: T, b: T) => number): T[] {
  const best: T[] = [];
  if (k <= 0) return best;
  for (const item of items) {
    if (best.length === k && cmp(item, best[k - 1]!) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(best[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, item);
    if (best.length > k) best.pop();
  }
  return best;
}
