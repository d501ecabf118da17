/**
 * The output of selling `amountIn` into a constant-product pool (Uniswap V2 `getAmountOut`): the
 * fee comes off the input, then x·y = k. With `feeBps` 30 it is V2's 997/1000 exactly.
 * @returns 0 when a reserve is empty
 */
export function v2AmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint, feeBps: number): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const withFee = amountIn * BigInt(10_000 - feeBps);
  return (withFee * reserveOut) / (reserveIn * 10_000n + withFee);
}
