import { rawToUnits } from "@tapeline/core";

/** Significant digits every decimal of which is recovered exactly by a double's shortest form. */
const EXACT_DIGITS = 15;
const ZERO = 48;
const NINE = 57;

/** A number as JSON text: null for what JSON cannot hold (NaN, infinities). */
export const numberJson = (n: number): string => (Number.isFinite(n) ? String(n) : "null");

/**
 * The JSON number of the raw amount `t[from, to)` (a decimal integer) in units of `decimals`: the
 * text `JSON.stringify(rawToUnits(raw, decimals))` gives, read in place. A canonical amount (digits
 * only, no leading zero) of at most 15 significant digits is the double nearest the exact decimal,
 * which prints back as those digits, so the text is the digits with the point placed, as
 * Number#toString places it (plain from 1e-6 up to below 1e21): no parse, no number printed. Any
 * other amount (longer, out of that range, signed or zero-led) goes through {@link rawToUnits}.
 */
export function unitsJson(t: string, from: number, to: number, decimals: number): string {
  const first = t.charCodeAt(from);
  if (to - from === 1 && first === ZERO) return "0";
  let end = to;
  while (end - from > 1 && t.charCodeAt(end - 1) === ZERO) end--;
  const digits = end - from;
  // value = digits x 10^-scale; its integer part has `whole` digits (none or fewer when negative)
  const scale = decimals - (to - end);
  const whole = digits - scale;
  if (digits > EXACT_DIGITS || first <= ZERO || first > NINE || whole > 21 || whole <= -6)
    return numberJson(rawToUnits(t.slice(from, to), decimals));
  const d = t.slice(from, end);
  if (scale <= 0) return scale === 0 ? d : d + "0".repeat(-scale);
  if (whole > 0) return `${d.slice(0, whole)}.${d.slice(whole)}`;
  return `0.${"0".repeat(-whole)}${d}`;
}
