import { type FundingQueries, NotFoundError, walletKey } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";

/**
 * The funding reads: a wallet's recorded funding (`wallet_funding`, one row on the wallet's
 * shard), its funder tagged from `tags` (wallet key → tag).
 */
export function createFundingQueries(opts: {
  db: MarketDb;
  tags: ReadonlyMap<string, string>;
}): FundingQueries {
  return {
    async walletFunding(q) {
      const { rows } = await opts.db.query<{
        funder: string;
        funded_at: string;
        tx_hash: string;
        amount: string;
      }>(
        `select funder, funded_at, tx_hash, amount_native::text as amount from wallet_funding where wallet_key = $1`,
        [walletKey(q.chain, q.wallet)],
      );
      const r = rows[0];
      if (!r) throw new NotFoundError(`no recorded funding of ${q.wallet} on ${q.chain}`, q);
      return {
        chain: q.chain,
        funder: r.funder,
        fundedAt: Number(r.funded_at),
        txHash: r.tx_hash,
        amountNative: r.amount,
        funderTag: opts.tags.get(walletKey(q.chain, r.funder)) ?? null,
      };
    },
  };
}
