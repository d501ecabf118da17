/** Counters hold integers only: rejects fractions and values past 2^53, where Redis and JS disagree. */
export function assertCounterAmount(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${value}`);
}
