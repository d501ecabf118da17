/** A market value is never more than this many times the liquidity it is priced from. */
export const MAX_VALUE_TO_LIQUIDITY = 10_000;
/** No market value above this (USD) is plausible. */
export const MAX_MARKET_VALUE_USD = 1e13;

/**
 * The sanity cap on market cap and FDV: price × supply, but never more than 10,000 times the USD
 * liquidity of the token's markets (a thin pool cannot value a token in billions) and never
 * more than 10^13 USD. Unknown price or supply gives null; unknown liquidity applies only the
 * absolute cap.
 * @example capMarketValue(5e9, 1000) // 1e7
 */
export function capMarketValue(rawUsd: number | null, liquidityUsd: number | null): number | null {
  if (rawUsd === null || !Number.isFinite(rawUsd)) return null;
  let v = Math.min(rawUsd, MAX_MARKET_VALUE_USD);
  if (liquidityUsd !== null && Number.isFinite(liquidityUsd))
    v = Math.min(v, liquidityUsd * MAX_VALUE_TO_LIQUIDITY);
  return v;
}
