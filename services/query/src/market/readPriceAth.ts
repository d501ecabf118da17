import { WICK_CLAMP_BAND, WICK_CLAMP_MAX_TRADES } from "./clampWickOutliers.ts";
import type { MarketDb } from "./MarketDb.ts";

/**
 * The native price all-time high of a market as it stands: the high ingest keeps over its
 * closed 1-minute candles (`pools.price_native_ath`), raised by its newest, still forming
 * candle as the served candles show it (connected to the previous close and wick-clamped by
 * {@link clampWickOutliers}'s rule). Null when the market has neither.
 */
export async function readPriceAth(db: MarketDb, market: string): Promise<string | null> {
  const { rows } = await db.query<{ ath: string | null }>(
    `select greatest(
       (select price_native_ath from pools where market = $1),
       (select case when c.trades between 1 and ${WICK_CLAMP_MAX_TRADES}
                    then least(c.high, greatest(coalesce(prev.close, c.open), c.close) * ${1 + WICK_CLAMP_BAND})
                    else c.high end
        from candle_buckets c
        left join lateral (select pc.close from candle_buckets pc
                           where pc.market = c.market and pc.resolution_s = 60 and pc.bucket_start < c.bucket_start
                           order by pc.bucket_start desc limit 1) prev on true
        where c.market = $1 and c.resolution_s = 60
        order by c.bucket_start desc limit 1))::text as ath`,
    [market],
  );
  return rows[0]?.ath ?? null;
}
