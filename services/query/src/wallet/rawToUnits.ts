/**
 * A stored raw amount (a non-negative decimal integer string) in token units as a number: the
 * decimal point placed in the string and the result parsed once, which rounds exactly as
 * `Number(formatUnits(BigInt(raw), decimals))` does (both parse the same exact decimal) without
 * the BigInt round trip, the page builder's main cost per amount.
 */
export function rawToUnits(raw: string, decimals: number): number {
  if (decimals === 0) return Number(raw);
  const s = raw.length > decimals ? raw : raw.padStart(decimals + 1, "0");
  const cut = s.length - decimals;
  return Number(`${s.slice(0, cut)}.${s.slice(cut)}`);
}
