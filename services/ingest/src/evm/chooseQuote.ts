import { NATIVE_ADDRESS } from "./EvmChainConfig.ts";

/**
 * Quote priority of an asset on a chain (lower ranks first as a quote): 0 the chain's USD
 * stablecoins, 1 the native coin and its wrapped form, 2 anything else.
 */
export function quoteRank(
  address: string,
  cfg: { wrappedNative: string; stablecoins: readonly string[] },
): number {
  if (cfg.stablecoins.includes(address)) return 0;
  if (address === cfg.wrappedNative || address === NATIVE_ADDRESS) return 1;
  return 2;
}

/**
 * Which side of a pool is the quote, by the canonical ranking: USD stablecoin, then native or
 * wrapped native, then token1 when both sides rank alike. So WETH/USDC is WETH quoted in USDC,
 * PEPE/WETH is PEPE quoted in WETH, and two unranked tokens are token0 quoted in token1.
 * @returns true when token0 is the traded token (token1 the quote).
 */
export function tokenIsToken0(
  token0: string,
  token1: string,
  cfg: { wrappedNative: string; stablecoins: readonly string[] },
): boolean {
  return quoteRank(token0, cfg) >= quoteRank(token1, cfg);
}
