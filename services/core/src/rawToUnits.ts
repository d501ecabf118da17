/** 10^0 .. 10^22, each exact as a double (10^23 is not). */
const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/** Digits a double holds exactly: every integer below 10^15 is below 2^53. */
const EXACT_DIGITS = 15;

/**
 * A stored raw amount (a non-negative decimal integer string) in token units as a number, rounded
 * exactly as `Number(formatUnits(BigInt(raw), decimals))` rounds (to the double nearest the exact
 * decimal). When the raw amount without its trailing zeros has at most 15 digits, it and the power
 * of ten it is scaled by are exact doubles, and IEEE division and multiplication round their exact
 * result once, to that same nearest double: one arithmetic operation, no string built. Other
 * amounts get the decimal point placed in the string and are parsed once.
 */
export function rawToUnits(raw: string, decimals: number): number {
  let end = raw.length;
  while (end > 1 && raw.charCodeAt(end - 1) === 48) end--;
  if (end <= EXACT_DIGITS) {
    const scale = decimals - (raw.length - end);
    const digits = end === raw.length ? Number(raw) : Number(raw.slice(0, end));
    if (scale >= 0 && scale < POW10.length) return digits / (POW10[scale] as number);
    if (scale < 0 && -scale < POW10.length) return digits * (POW10[-scale] as number);
  }
  if (decimals === 0) return Number(raw);
  const s = raw.length > decimals ? raw : raw.padStart(decimals + 1, "0");
  const cut = s.length - decimals;
  return Number(`${s.slice(0, cut)}.${s.slice(cut)}`);
}
