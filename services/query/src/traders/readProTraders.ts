import { type ChainId, walletKey } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";

/**
 * The `proTrader` badge of each given wallet that the badge job has judged (job
 * `wallet-badges`); wallets it has not judged yet are absent (unknown).
 */
export async function readProTraders(
  db: MarketDb,
  chain: ChainId,
  wallets: readonly string[],
): Promise<Map<string, boolean>> {
  if (wallets.length === 0) return new Map();
  const { rows } = await db.query<{ wallet: string; pro_trader: boolean }>(
    "select wallet, pro_trader from wallet_badges where wallet_key = any($1::text[])",
    [[...new Set(wallets)].map((w) => walletKey(chain, w))],
  );
  return new Map(rows.map((r) => [r.wallet, r.pro_trader]));
}
