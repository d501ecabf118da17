import type { MarketDb } from "../market/MarketDb.ts";
import type { DailyCloses } from "./buildPnlCurve.ts";

/**
 * The daily closes (native per whole token, the `86400` s candle buckets' close: the day's last
 * trade) of the given markets over `[fromDay, toDay]`, with each market's last close before
 * `fromDay` so the curve's first days carry a price when the market did not trade on them.
 * @returns per market, `[dayStartMs, close]` oldest first (markets without candles absent)
 */
export async function readDailyCloses(
  db: MarketDb,
  markets: readonly string[],
  fromDay: number,
  toDay: number,
): Promise<Map<string, DailyCloses>> {
  const out = new Map<string, [number, number][]>();
  if (markets.length === 0) return out;
  const list = [...new Set(markets)];
  const from = Math.floor(fromDay / 1000);
  const to = Math.floor(toDay / 1000);
  const [before, within] = await Promise.all([
    db.query<{ market: string; bucket_start: string; close: string }>(
      `select distinct on (market) market, bucket_start, close from candle_buckets
       where market = any($1::text[]) and resolution_s = 86400 and bucket_start < $2
       order by market, bucket_start desc`,
      [list, from],
    ),
    db.query<{ market: string; bucket_start: string; close: string }>(
      `select market, bucket_start, close from candle_buckets
       where market = any($1::text[]) and resolution_s = 86400 and bucket_start between $2 and $3
       order by market, bucket_start`,
      [list, from, to],
    ),
  ]);
  for (const r of [...before.rows, ...within.rows]) {
    const list = out.get(r.market) ?? [];
    list.push([Number(r.bucket_start) * 1000, Number(r.close)]);
    out.set(r.market, list);
  }
  return out;
}
