import { SLIDING_TRADER_TIMEFRAMES, slidingWindowStart, TOP_TRADER_TIMEFRAME_MS } from "@tapeline/core";
import { lockTraderWindows, rebuildTraderWindows, subtractTraderWindows } from "@tapeline/ingest";
import type pg from "pg";

/** What one slide did to a timeframe's rows. */
export type WindowSlide = { timeframe: string; from: number | null; to: number; rebuilt: boolean };

/**
 * Moves each sliding timeframe's window rows (`trader_windows`) to the window asked at `nowMs`:
 * subtracts the rollup buckets between the stored start and the new one, or, when the timeframe
 * has no rows yet or the whole window went by since the last slide, rebuilds them from the
 * rollups. One transaction per timeframe under the exclusive window lock, so the ingest's writes
 * (which hold it shared) wait for the few statements of a slide. Idempotent: a rerun at the
 * same minute changes nothing.
 */
export async function slideTraderWindows(pool: pg.Pool, nowMs: number): Promise<WindowSlide[]> {
  const done: WindowSlide[] = [];
  for (const timeframe of SLIDING_TRADER_TIMEFRAMES) {
    const to = slidingWindowStart(nowMs, timeframe);
    const client = await pool.connect();
    try {
      await client.query("begin");
      const marks = await lockTraderWindows(client, "exclusive");
      const from = marks.find((m) => m.timeframe === timeframe)?.startMs ?? null;
      if (from !== null && to <= from) {
        await client.query("rollback");
        continue;
      }
      const rebuilt = from === null || to - from >= TOP_TRADER_TIMEFRAME_MS[timeframe];
      if (rebuilt) await rebuildTraderWindows(client, timeframe, to);
      else await subtractTraderWindows(client, timeframe, from, to);
      await client.query(
        `insert into trader_window_marks (timeframe, start_ms) values ($1, $2)
         on conflict (timeframe) do update set start_ms = excluded.start_ms`,
        [timeframe, to],
      );
      await client.query("commit");
      done.push({ timeframe, from, to, rebuilt });
    } catch (err) {
      await client.query("rollback").catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
  return done;
}
