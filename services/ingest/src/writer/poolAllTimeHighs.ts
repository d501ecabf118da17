import type pg from "pg";

/** A market whose all-time highs a write may raise. */
export type AthTouch = {
  market: string;
  /** minute (unix seconds) of the batch's earliest new trade in the market; null without trades */
  fromS: number | null;
  /** minute of the batch's latest new trade; null without trades */
  toS: number | null;
  /** the latest block of the batch in this market (trades or pool state) */
  block: bigint;
};

/** Connected 1-minute candles hold at most this many trades to have their high clamped (see clampWickOutliers). */
export const ATH_CLAMP_MAX_TRADES = 2;
/** How far above its body edge a clamped candle's high may reach (see clampWickOutliers). */
export const ATH_CLAMP_BAND = 0.25;

/** SQL: the first minute the clamped highs read: the closed candle before minute `t.from_s`, or that minute. */
const START_S_SQL = `coalesce((select max(bucket_start) from candle_buckets
  where market = p.market and resolution_s = 60 and bucket_start < t.from_s), t.from_s)`;
/** SQL: the last minute the clamped highs read: the candle after minute `t.to_s`, or that minute. */
const END_S_SQL = `coalesce((select min(bucket_start) from candle_buckets
  where market = p.market and resolution_s = 60 and bucket_start > t.to_s), t.to_s)`;
/** SQL: the market's newest 1-minute candle, still forming. */
const LAST_S_SQL = `(select max(bucket_start) from candle_buckets where market = p.market and resolution_s = 60)`;

/**
 * SQL: the highest wick-clamped high of market `p.market`'s closed 1-minute candles from the one
 * before minute `t.from_s` (closed by the new trades) to the first one after minute `t.to_s`
 * (whose open is the close of the last new one). Candles are connected: a candle's open is the
 * previous candle's close. A candle of 1 to ATH_CLAMP_MAX_TRADES trades has its high capped at
 * max(open, close) × (1 + ATH_CLAMP_BAND), the rule the served candles follow. The market's
 * newest candle is still forming (a second trade may yet clamp its single print), so it never
 * counts here; reads add it as it stands. Null when `t.from_s` is null (no new trades). Every
 * candle read is correlated on the pool row's market, so Citus runs it on the market's shard.
 */
const CLAMPED_HIGH_SQL = `
  (select max(case when w.trades between 1 and ${ATH_CLAMP_MAX_TRADES}
                   then least(w.high, greatest(w.open_c, w.close) * ${1 + ATH_CLAMP_BAND})
                   else w.high end)
   from (
     select c.bucket_start, c.high, c.close, c.trades,
            coalesce(lag(c.close) over (partition by c.market order by c.bucket_start),
                     (select pc.close from candle_buckets pc
                      where pc.market = p.market and pc.resolution_s = 60 and pc.bucket_start < ${START_S_SQL}
                      order by pc.bucket_start desc limit 1),
                     c.open) as open_c
     from candle_buckets c
     where c.market = p.market and c.resolution_s = 60 and t.from_s is not null
       and c.bucket_start >= ${START_S_SQL} and c.bucket_start <= ${END_S_SQL}
   ) w
   where w.bucket_start < ${LAST_S_SQL})`;

/**
 * Raises the all-time highs of the touched markets (in the write's transaction, after its
 * trades fed the candles and its pool states were stored): price from the clamped 1-minute
 * highs around the new trades' minutes, liquidity from the pool's current native liquidity.
 * Each rise is marked at the touch's block for rollbacks. One statement for all the markets
 * (each market at most once in `touches`).
 */
export async function raisePoolAllTimeHighs(
  client: pg.PoolClient,
  touches: readonly AthTouch[],
): Promise<void> {
  if (touches.length === 0) return;
  await client.query(
    `with cand as (
       select p.market, t.from_s, t.block, ${CLAMPED_HIGH_SQL} as price_ath
       from pools p
       join unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[]) as t(market, from_s, to_s, block)
         on t.market = p.market
     ),
     upd as (
       update pools p set
         price_native_ath = greatest(p.price_native_ath, cand.price_ath),
         liquidity_native_ath = greatest(p.liquidity_native_ath, p.liquidity_native)
       from cand
       where p.market = cand.market
         and ((cand.price_ath is not null and (p.price_native_ath is null or cand.price_ath > p.price_native_ath))
           or (p.liquidity_native is not null
               and (p.liquidity_native_ath is null or p.liquidity_native > p.liquidity_native_ath)))
       returning p.market, p.chain_id, cand.block, cand.from_s, p.price_native_ath, p.liquidity_native_ath
     )
     insert into pool_ath_marks as m (market, chain_id, block, from_s, price_native_ath, liquidity_native_ath)
     select u.market, u.chain_id, u.block, u.from_s, u.price_native_ath, u.liquidity_native_ath from upd u
     on conflict (market, block) do update set
       from_s = least(m.from_s, excluded.from_s),
       price_native_ath = greatest(m.price_native_ath, excluded.price_native_ath),
       liquidity_native_ath = greatest(m.liquidity_native_ath, excluded.liquidity_native_ath)`,
    [
      touches.map((t) => t.market),
      touches.map((t) => t.fromS),
      touches.map((t) => t.toS),
      touches.map((t) => t.block.toString()),
    ],
  );
}

/**
 * Undoes the rises of blocks after `ancestor` on `chain` (inside rollbackTo, after the candles
 * were rebuilt and the pool states restored): drops their marks, then sets each such market's
 * highs to the greatest of its remaining marks, its restored liquidity and the clamped highs
 * of its rebuilt candles since the earliest dropped minute, marked at the ancestor.
 * @returns the markets whose highs were recomputed.
 */
export async function rollBackPoolAllTimeHighs(
  client: pg.PoolClient,
  chain: string,
  ancestor: string,
): Promise<string[]> {
  const dropped = await client.query<{ market: string; from_s: string | null }>(
    `with d as (delete from pool_ath_marks where chain_id = $1 and block > $2 returning market, from_s)
     select market, min(from_s)::text as from_s from d group by market`,
    [chain, ancestor],
  );
  for (const r of dropped.rows)
    await client.query(
      `update pools p set
         price_native_ath = (select max(price_native_ath) from pool_ath_marks where market = $1 and block <= $2),
         liquidity_native_ath = greatest(
           (select max(liquidity_native_ath) from pool_ath_marks where market = $1 and block <= $2), p.liquidity_native)
       where p.market = $1`,
      [r.market, ancestor],
    );
  await raisePoolAllTimeHighs(
    client,
    dropped.rows.map((r) => {
      const fromS = r.from_s === null ? null : Number(r.from_s);
      return {
        market: r.market,
        fromS,
        toS: fromS === null ? null : Number.MAX_SAFE_INTEGER,
        block: BigInt(ancestor),
      };
    }),
  );
  return dropped.rows.map((r) => r.market);
}
