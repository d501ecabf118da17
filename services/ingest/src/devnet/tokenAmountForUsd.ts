/**
 * Raw units of a token worth `usd` at `priceUsd` per whole token. Floats are fine here: these are
 * sizes for seeding and simulated trades, not market data; the result is deterministic.
 * @example tokenAmountForUsd(3000, 3000, 18) // 10n ** 18n
 */
export function tokenAmountForUsd(usd: number, priceUsd: number, decimals: number): bigint {
  const micros = BigInt(Math.floor((usd / priceUsd) * 1e6));
  return (micros * 10n ** BigInt(decimals)) / 1_000_000n;
}
