const Q96 = 1n << 96n;

/**
 * The largest liquidity a position over [sqrtPriceA, sqrtPriceB] can get from at most `amount0` and
 * `amount1` at the pool's current `sqrtPrice`, as Uniswap's `LiquidityAmounts.getLiquidityForAmounts`
 * (all prices Q64.96, amounts raw). Rounds down, so the pool never asks for more than given
 * (up to its own round-up of one unit per token).
 */
export function getLiquidityForAmounts(
  sqrtPrice: bigint,
  sqrtPriceA: bigint,
  sqrtPriceB: bigint,
  amount0: bigint,
  amount1: bigint,
): bigint {
  const [lower, upper] = sqrtPriceA < sqrtPriceB ? [sqrtPriceA, sqrtPriceB] : [sqrtPriceB, sqrtPriceA];
  const forAmount0 = (from: bigint) => (amount0 * ((from * upper) / Q96)) / (upper - from);
  const forAmount1 = (to: bigint) => (amount1 * Q96) / (to - lower);
  if (sqrtPrice <= lower) return forAmount0(lower);
  if (sqrtPrice >= upper) return forAmount1(upper);
  const l0 = forAmount0(sqrtPrice);
  const l1 = forAmount1(sqrtPrice);
  return l0 < l1 ? l0 : l1;
}
