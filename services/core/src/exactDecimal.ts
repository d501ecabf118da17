/** An exact decimal `n × 10^-scale`, as PostgreSQL's `numeric` holds it. */
export type ExactDecimal = { n: bigint; scale: number };

export const EXACT_ZERO: ExactDecimal = { n: 0n, scale: 0 };

/** Parses a decimal string (`-12.5`, `3`, `1.5e-7`) exactly; RangeError on anything else. */
export function parseExact(value: string): ExactDecimal {
  const m = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(value.trim());
  if (!m || (m[2] === "" && (m[3] ?? "") === "")) throw new RangeError(`not a decimal: ${value}`);
  const frac = m[3] ?? "";
  let n = BigInt(`${m[2] || "0"}${frac}`);
  let scale = frac.length - Number(m[4] ?? 0);
  if (scale < 0) {
    n *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { n: m[1] === "-" ? -n : n, scale };
}

const rescale = (d: ExactDecimal, scale: number): bigint => d.n * 10n ** BigInt(scale - d.scale);

/** a + b, exactly. */
export function addExact(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const scale = Math.max(a.scale, b.scale);
  return { n: rescale(a, scale) + rescale(b, scale), scale };
}

/** a × b, exactly. */
export function mulExact(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  return { n: a.n * b.n, scale: a.scale + b.scale };
}

/** The decimal's text (no exponent), as PostgreSQL prints a numeric. */
export function formatExact(d: ExactDecimal): string {
  const neg = d.n < 0n;
  const digits = (neg ? -d.n : d.n).toString().padStart(d.scale + 1, "0");
  const int = digits.slice(0, digits.length - d.scale);
  const frac = digits.slice(digits.length - d.scale);
  return `${neg ? "-" : ""}${int}${d.scale > 0 ? `.${frac}` : ""}`;
}

/** The nearest double, as `Number()` of PostgreSQL's text of the same value. */
export function exactToNumber(d: ExactDecimal): number {
  return Number(formatExact(d));
}

/**
 * The change from `base` to `last` in percent, rounded half away from zero to 10 places:
 * null when either is unknown or `base` is zero. Computed exactly, so every reader of the same
 * two prices (the store's read and a shard's memory) gives the same figure.
 */
export function priceChangePct(base: string | null, last: string | null): number | null {
  if (base === null || last === null) return null;
  const b = parseExact(base);
  if (b.n === 0n) return null;
  const l = parseExact(last);
  const scale = Math.max(b.scale, l.scale);
  // (last - base) / base × 100, scaled by 10^10 for the ten places kept
  let num = (rescale(l, scale) - rescale(b, scale)) * 100n * 10n ** 10n;
  let den = rescale(b, scale);
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const neg = num < 0n;
  const abs = neg ? -num : num;
  const q = (abs * 2n + den) / (2n * den);
  return exactToNumber({ n: neg ? -q : q, scale: 10 });
}
