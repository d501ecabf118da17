import { type ChainId, walletKey } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";

/** A wallet's badges as the badge job last judged them. */
export type WalletBadgeFacts = {
  proTrader: boolean;
  smartTrader: boolean;
  /** won over decided tokens of the last 90 days, percent; null without a decided token */
  winRatePct: number | null;
};

/**
 * The badges of each given wallet that the badge job has judged (job `wallet-badges`); wallets it
 * has not judged yet are absent (unknown).
 */
export async function readWalletBadges(
  db: MarketDb,
  chain: ChainId,
  wallets: readonly string[],
): Promise<Map<string, WalletBadgeFacts>> {
  if (wallets.length === 0) return new Map();
  const { rows } = await db.query<{
    wallet: string;
    pro_trader: boolean;
    smart_trader: boolean;
    won: number;
    decided: number;
  }>(
    `select wallet, pro_trader, smart_trader, won_tokens_90d as won, decided_tokens_90d as decided
     from wallet_badges where wallet_key = any($1::text[])`,
    [[...new Set(wallets)].map((w) => walletKey(chain, w))],
  );
  return new Map(
    rows.map((r) => [
      r.wallet,
      {
        proTrader: r.pro_trader,
        smartTrader: r.smart_trader,
        winRatePct: r.decided > 0 ? (100 * r.won) / r.decided : null,
      },
    ]),
  );
}
