import { WICK_CLAMP_BAND, WICK_CLAMP_MAX_TRADES } from "./clampWickOutliers.ts";
import type { MarketDb } from "./MarketDb.ts";

/**
 * The native price all-time high of a market as it stands: the high ingest keeps over its
 * closed 1-minute candles (`pools.price_native_ath`), raised by its newest, still forming
 * candle as the served candles show it (connected to the previous close and wick-clamped by
 * {@link clampWickOutliers}'s rule). Null when the market has neither.
 */
export async function readPriceAth(db: MarketDb, market: string): Promise<string | null> {
  // One FROM over the market's own rows, each filtered on it: Citus plans it as one router task
  // (scalar subqueries beside each other would each be planned apart, the lateral one on every shard).
  const { rows } = await db.query<{ ath: string | null }>(
    `select greatest(p.price_native_ath, f.high)::text as ath
     from (select $1::text as market) m
     left join pools p on p.market = m.market and p.market = $1
     left join lateral (
       select case when c.trades between 1 and ${WICK_CLAMP_MAX_TRADES}
                   then least(c.high, greatest(coalesce(prev.close, c.open), c.close) * ${1 + WICK_CLAMP_BAND})
                   else c.high end as high
       from candle_buckets c
       left join lateral (select pc.close from candle_buckets pc
                          where pc.market = $1 and pc.resolution_s = 60 and pc.bucket_start < c.bucket_start
                          order by pc.bucket_start desc limit 1) prev on true
       where c.market = $1 and c.resolution_s = 60
       order by c.bucket_start desc limit 1) f on true`,
    [market],
  );
  return rows[0]?.ath ?? null;
}
