import type { MarketDb } from "./MarketDb.ts";
import type { SparklineSlots } from "./sparklineGrid.ts";

/** Closes of a market's sparkline slots, the close before the first slot, and the first traded price inside. */
export type SparklineCloses = {
  closes: Map<number, string>;
  prevClose: string | null;
  firstOpen: string | null;
};

/** Reads what one market's sparkline needs from its base buckets (at most a few hundred rows). */
export async function readSparklineCloses(
  db: MarketDb,
  market: string,
  slots: SparklineSlots,
): Promise<SparklineCloses> {
  const first = slots.starts[0] as number;
  const end = (slots.starts.at(-1) as number) + slots.stepS;
  const { rows } = await db.query<{ slot: string; open: string; close: string }>(
    `select (c.bucket_start / $5) * $5 as slot,
            (array_agg(c.open order by c.bucket_start))[1] as open,
            (array_agg(c.close order by c.bucket_start desc))[1] as close
     from candle_buckets c
     where c.market = $1 and c.resolution_s = $2 and c.bucket_start >= $3 and c.bucket_start < $4
     group by 1 order by 1`,
    [market, slots.base, first, end, slots.stepS],
  );
  const prev = await db.query<{ close: string }>(
    `select c.close from candle_buckets c where c.market = $1 and c.resolution_s = $2 and c.bucket_start < $3
     order by c.bucket_start desc limit 1`,
    [market, slots.base, first],
  );
  return {
    closes: new Map(rows.map((r) => [Number(r.slot), r.close])),
    prevClose: prev.rows[0]?.close ?? null,
    firstOpen: rows[0]?.open ?? null,
  };
}
