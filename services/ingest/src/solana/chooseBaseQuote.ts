import { SOLANA_QUOTE_PRIORITY } from "./solanaPrograms.ts";

/**
 * The base (traded) token and the quote token of a pool of `token0` and `token1`: the quote is
 * the one ranked first in SOLANA_QUOTE_PRIORITY (USD stablecoins, then SOL, then liquid
 * staking SOL). With neither ranked the pair is ordered by address (string order) and the
 * greater one quotes, so a pool's sides never depend on the direction of its trades.
 */
export function chooseBaseQuote(token0: string, token1: string): { base: string; quote: string } {
  const r0 = SOLANA_QUOTE_PRIORITY.indexOf(token0);
  const r1 = SOLANA_QUOTE_PRIORITY.indexOf(token1);
  if (r0 >= 0 && (r1 < 0 || r0 < r1)) return { base: token1, quote: token0 };
  if (r0 < 0 && r1 < 0)
    return token0 < token1 ? { base: token0, quote: token1 } : { base: token1, quote: token0 };
  return { base: token0, quote: token1 };
}
