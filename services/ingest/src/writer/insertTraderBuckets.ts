import { marketKey, type TradeRecord } from "@tapeline/core";
import type pg from "pg";
import { TRADER_TOTALS_UPSERT, traderBucketsSql } from "./traderBucketsSql.ts";

const TRADER = traderBucketsSql(
  `(select * from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bool[], $6::numeric[], $7::numeric[])
     as u(market, chain_id, maker, at, is_buy, amount_token, volume_native))`,
);

/**
 * Adds trades to the trader rollups (`trader_buckets`) and the wallets' lifetime rows
 * (`trader_totals`). Give only trades inserted by the same transaction: the rollups are sums, so
 * a trade added twice would count twice.
 */
export async function insertTraderBuckets(
  client: pg.PoolClient,
  trades: readonly TradeRecord[],
): Promise<void> {
  if (trades.length === 0) return;
  const params = [
    trades.map((t) => marketKey(t.chain, t.pool)),
    trades.map((t) => t.chain),
    trades.map((t) => t.maker),
    trades.map((t) => t.at),
    trades.map((t) => t.isBuy),
    trades.map((t) => t.amountToken.toString()),
    trades.map((t) => t.volumeNative),
  ];
  await client.query(`with ${TRADER.ctes} ${TRADER.upsert}`, params);
  await client.query(`with ${TRADER.ctes} ${TRADER_TOTALS_UPSERT}`, params);
}
