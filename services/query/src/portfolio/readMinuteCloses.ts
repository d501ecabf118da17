import type { MarketDb } from "../market/MarketDb.ts";

/**
 * A market's price at the end of each given minute (native per whole token): the close of its
 * latest 1-minute candle starting at or before the minute, that is its last trade up to the
 * minute's end; null before its first trade. One statement on one market (one Citus shard).
 * @param minutes minute starts, unix ms
 */
export async function readMinuteCloses(
  db: MarketDb,
  market: string,
  minutes: readonly number[],
): Promise<(number | null)[]> {
  if (minutes.length === 0) return [];
  const { rows } = await db.query<{ close: string | null }>(
    `select c.close::text as close from unnest($2::bigint[]) with ordinality as x(t, i)
     left join lateral (
       select close from candle_buckets
       where market = $1 and resolution_s = 60 and bucket_start <= x.t
       order by bucket_start desc limit 1
     ) c on true
     order by x.i`,
    [market, minutes.map((m) => Math.floor(m / 1000))],
  );
  return rows.map((r) => (r.close === null ? null : Number(r.close)));
}
