/**
 * Exact decimal arithmetic on raw integer amounts. Amounts stay bigint until the edge; the
 * strings produced here never pass through a float.
 */

/**
 * Formats a raw integer amount with `decimals` places, trimming trailing zeros.
 * @example formatUnits(1500000n, 6) // "1.5"
 */
export function formatUnits(raw: bigint, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`bad decimals ${decimals}`);
  const negative = raw < 0n;
  const abs = negative ? -raw : raw;
  const s = abs.toString().padStart(decimals + 1, "0");
  const point = s.length - decimals;
  // trailing zeros of the fraction, counted by hand: this runs for every trade row
  let end = s.length;
  while (end > point && s.charCodeAt(end - 1) === 48) end--;
  const whole = s.slice(0, point);
  const body = end > point ? `${whole}.${s.slice(point, end)}` : whole;
  return negative ? `-${body}` : body;
}

const POWERS_OF_TEN: bigint[] = [];
/** 10^n as a bigint, kept: prices and volumes scale by the same few powers on every row. */
function pow10(n: number): bigint {
  if (n > 96) return 10n ** BigInt(n);
  let p = POWERS_OF_TEN[n];
  if (p === undefined) {
    p = 10n ** BigInt(n);
    POWERS_OF_TEN[n] = p;
  }
  return p;
}

/**
 * Parses a decimal string into a raw integer with `decimals` places. Extra places are truncated.
 * @example parseUnits("1.5", 6) // 1500000n
 */
export function parseUnits(value: string, decimals: number): bigint {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) throw new RangeError(`not a decimal: ${value}`);
  const frac = (m[3] ?? "").slice(0, decimals).padEnd(decimals, "0");
  const raw = BigInt(`${m[2]}${frac}`);
  return m[1] ? -raw : raw;
}

/**
 * Exact quotient `num / den` as a decimal string with up to `scale` fractional digits
 * (truncated toward zero), trailing zeros trimmed. Returns null when `den` is 0.
 */
export function divToDecimal(num: bigint, den: bigint, scale = 30): string | null {
  if (den === 0n) return null;
  const negative = num < 0n !== den < 0n && num !== 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const q = (n * pow10(scale)) / d;
  const out = formatUnits(q, scale);
  return negative ? `-${out}` : out;
}

/**
 * Price of one whole token in whole quote units from raw amounts:
 * (amountQuote / 10^quoteDecimals) / (amountToken / 10^tokenDecimals), exact to `scale` places.
 */
export function priceFromRaw(
  amountToken: bigint,
  tokenDecimals: number,
  amountQuote: bigint,
  quoteDecimals: number,
  scale = 30,
): string | null {
  const num = amountQuote * pow10(tokenDecimals);
  const den = amountToken * pow10(quoteDecimals);
  return divToDecimal(num, den, scale);
}

/** A decimal string as a JSON number, for fields the spec types `num`. Null stays null. */
export function toNum(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
