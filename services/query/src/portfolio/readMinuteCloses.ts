import type { MarketDb } from "../market/MarketDb.ts";

/** 1-minute candles a market's range is scanned for before its points are probed one by one instead. */
const SCAN_MAX = 2000;

/**
 * A market's price at the end of each given minute (native per whole token): the close of its
 * latest 1-minute candle starting at or before the minute, that is its last trade up to the
 * minute's end; null before its first trade. A market with few candles in the range (most) is
 * read by one range scan plus its last candle before the range; a busier one by an index probe
 * per minute, so the work is bounded by the points either way. One market per statement (one
 * Citus shard).
 * @param minutes minute starts, unix ms, ascending
 * @param scanMax candles in the range past which the minutes are probed instead
 */
export async function readMinuteCloses(
  db: MarketDb,
  market: string,
  minutes: readonly number[],
  scanMax = SCAN_MAX,
): Promise<(number | null)[]> {
  if (minutes.length === 0) return [];
  const from = Math.floor(minutes[0]! / 1000);
  const to = Math.floor(minutes.at(-1)! / 1000);
  const [before, within] = await Promise.all([
    db.query<{ bucket_start: string; close: string }>(
      `select bucket_start, close::text as close from candle_buckets
       where market = $1 and resolution_s = 60 and bucket_start < $2
       order by bucket_start desc limit 1`,
      [market, from],
    ),
    db.query<{ bucket_start: string; close: string }>(
      `select bucket_start, close::text as close from candle_buckets
       where market = $1 and resolution_s = 60 and bucket_start between $2 and $3
       order by bucket_start limit $4`,
      [market, from, to, scanMax + 1],
    ),
  ]);
  if (within.rows.length <= scanMax) {
    const candles = [...before.rows, ...within.rows].map((r): [number, number] => [
      Number(r.bucket_start) * 1000,
      Number(r.close),
    ]);
    return closesAtMinutes(candles, minutes);
  }
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

/**
 * The close at each minute (pure): that of the latest candle starting at or before it.
 * @param candles `[startMs, close]`, ascending, covering every candle from the last one before
 *   the first minute to the last minute
 * @param minutes minute starts (ms), ascending
 */
export function closesAtMinutes(
  candles: readonly [number, number][],
  minutes: readonly number[],
): (number | null)[] {
  const out: (number | null)[] = [];
  let k = -1;
  for (const m of minutes) {
    while (k + 1 < candles.length && candles[k + 1]![0] <= m) k++;
    out.push(k < 0 ? null : candles[k]![1]);
  }
  return out;
}
