import { marketKey, type TradeRecord } from "@tapeline/core";
import type pg from "pg";
import { TRADER_TOTALS_UPSERT, traderBucketsSql } from "./traderBucketsSql.ts";
import { lockTraderWindows, TRADER_WINDOWS_UPSERT } from "./traderWindows.ts";

const TRADER = traderBucketsSql(
  `(select * from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bool[], $6::numeric[], $7::numeric[])
     as u(market, chain_id, maker, at, is_buy, amount_token, volume_native))`,
);

/**
 * Adds trades to the trader rollups (`trader_buckets`), the wallets' lifetime rows
 * (`trader_totals`) and their sliding window rows (`trader_windows`, the trades at or after each
 * timeframe's start, read under the window lock held to the end of the transaction). Give only trades inserted by the same transaction: the rollups are sums, so
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
  await client.query(`with ${TRADER.ctes}, ${TRADER_TOTALS_UPSERT}`, params);
  const marks = await lockTraderWindows(client, "shared");
  const open = marks.filter((m) => trades.some((t) => t.at >= m.startMs));
  if (open.length === 0) return;
  await client.query(`with ${TRADER.ctes}, ${TRADER_WINDOWS_UPSERT}`, [
    ...params,
    open.map((m) => m.timeframe),
    open.map((m) => m.startMs),
  ]);
}
