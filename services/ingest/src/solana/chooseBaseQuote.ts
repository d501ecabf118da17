import { SOLANA_QUOTE_PRIORITY } from "./solanaPrograms.ts";

/**
 * The base (traded) token and the quote token of a pool of `token0` and `token1`: the quote is
 * the one ranked first in SOLANA_QUOTE_PRIORITY (USD stablecoins, then SOL, then liquid
 * staking SOL); with neither ranked, `token1`.
 */
export function chooseBaseQuote(token0: string, token1: string): { base: string; quote: string } {
  const r0 = SOLANA_QUOTE_PRIORITY.indexOf(token0);
  const r1 = SOLANA_QUOTE_PRIORITY.indexOf(token1);
  if (r0 >= 0 && (r1 < 0 || r0 < r1)) return { base: token1, quote: token0 };
  return { base: token0, quote: token1 };
}
