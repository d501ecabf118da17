import type { ChainId, WalletQueries } from "@tapeline/core";
import { createTokenLabelReader } from "../market/createTokenLabelReader.ts";
import { createTtlCache } from "../market/createTtlCache.ts";
import type { MarketDb } from "../market/MarketDb.ts";
import { readUsdRates } from "../market/readUsdRates.ts";
import { readWalletSwapPage } from "./readWalletSwapPage.ts";
import { readWalletTradePage } from "./readWalletTradePage.ts";

/**
 * The wallet read API of a query shard over Postgres (see `WalletQueries`). Pages are read
 * fresh (a wallet's newest swap shows at once); the EVM spot native/USD rate is reused for a
 * second and known token labels for a minute.
 */
export function createWalletQueries(opts: { db: MarketDb; now?: () => number }): WalletQueries {
  const { db } = opts;
  const now = opts.now ?? Date.now;
  const labels = createTokenLabelReader(db, { ttlMs: 60_000, max: 50_000, now });
  const spots = createTtlCache<number | null>({ ttlMs: 1000, max: 64, now });
  const spot = (chain: ChainId) =>
    spots.get(
      chain,
      async () => (await readUsdRates(db, chain, [{ atMs: now(), notBeforeMs: 0 }]))[0] ?? null,
    );
  return {
    async walletSwaps(q) {
      return readWalletSwapPage(db, q, q.chain === "solana" ? null : await spot(q.chain), labels);
    },
    async walletTrades(q) {
      return readWalletTradePage(db, q, q.chain === "solana" ? null : await spot(q.chain), labels);
    },
  };
}
