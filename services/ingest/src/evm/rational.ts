import { divToDecimal } from "@tapeline/core";

/** An exact non-negative ratio of integers; prices stay exact until formatted. */
export type Rational = { num: bigint; den: bigint };

/** Decimal places kept when a price is formatted (enough for tokens priced at 1e-18 native). */
export const PRICE_SCALE = 36;

export const ONE: Rational = { num: 1n, den: 1n };

export function ratio(num: bigint, den: bigint): Rational | null {
  if (den === 0n) return null;
  return den < 0n ? { num: -num, den: -den } : { num, den };
}

export function mul(a: Rational, b: Rational): Rational {
  return { num: a.num * b.num, den: a.den * b.den };
}

export function inv(a: Rational): Rational | null {
  return ratio(a.den, a.num);
}

/** a × raw / 10^decimals: a raw amount in whole units times a price. */
export function wholeTimes(raw: bigint, decimals: number, price: Rational): Rational {
  return { num: raw * price.num, den: 10n ** BigInt(decimals) * price.den };
}

export function compare(a: Rational, b: Rational): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** Exact decimal string, truncated to PRICE_SCALE places (trailing zeros trimmed). */
export function toDecimal(a: Rational | null): string | null {
  return a === null ? null : divToDecimal(a.num, a.den, PRICE_SCALE);
}

/**
 * Price of one whole token0 in whole token1 from a Uniswap V3/V4 sqrtPriceX96:
 * (sqrtPriceX96 / 2^96)^2 × 10^(decimals0 − decimals1).
 */
export function priceFromSqrtX96(
  sqrtPriceX96: bigint,
  decimals0: number,
  decimals1: number,
): Rational | null {
  if (sqrtPriceX96 === 0n) return null;
  return {
    num: sqrtPriceX96 * sqrtPriceX96 * 10n ** BigInt(decimals0),
    den: (1n << 192n) * 10n ** BigInt(decimals1),
  };
}

/** Price of one whole token0 in whole token1 from V2 reserves. */
export function priceFromReserves(
  reserve0: bigint,
  reserve1: bigint,
  decimals0: number,
  decimals1: number,
): Rational | null {
  return ratio(reserve1 * 10n ** BigInt(decimals0), reserve0 * 10n ** BigInt(decimals1));
}

/** A decimal string (as stored in numeric columns) as an exact rational. */
export function fromDecimal(value: string | null): Rational | null {
  if (value === null) return null;
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  const frac = m[3] ?? "";
  const num = BigInt(`${m[2]}${frac}`) * (m[1] ? -1n : 1n);
  return { num, den: 10n ** BigInt(frac.length) };
}

const DERIVED_DEN = 10n ** 48n;

/**
 * A derived price (native/USD, token/native) truncated to 48 decimal places, so chained
 * valuations keep bounded integers; trade prices are served with PRICE_SCALE (< 48) places.
 */
export function bounded(a: Rational): Rational {
  if (a.den <= DERIVED_DEN) return a;
  return { num: (a.num * DERIVED_DEN) / a.den, den: DERIVED_DEN };
}
