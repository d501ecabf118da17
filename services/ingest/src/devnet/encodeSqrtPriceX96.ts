function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  // Newton's method from a power of two above the root; converges monotonically down to floor(sqrt(n)).
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/**
 * The Q64.96 sqrt price of a pool holding `amount1` of token1 per `amount0` of token0 (raw units),
 * i.e. floor(sqrt(amount1 / amount0) * 2^96), as Uniswap's SDK `encodeSqrtRatioX96` computes it.
 * @throws RangeError when an amount is not positive.
 */
export function encodeSqrtPriceX96(amount1: bigint, amount0: bigint): bigint {
  if (amount0 <= 0n || amount1 <= 0n) throw new RangeError("amounts must be positive");
  return isqrt((amount1 << 192n) / amount0);
}
