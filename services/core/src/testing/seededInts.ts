/**
 * Reproducible pseudo-random integers for tests: each call `next(n)` gives one in [0, n), from a
 * linear congruential sequence started at `seed`, so a failing case fails again on every run.
 */
export function seededInts(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}
