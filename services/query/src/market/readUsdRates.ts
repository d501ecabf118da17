import type { ChainId } from "@tapeline/core";
import type { MarketDb } from "./MarketDb.ts";
import { USD_RATE_MAX_AGE_MS } from "./usdRateMaxAgeMs.ts";

/** Where a native/USD rate is looked for: the latest stored minute in [notBeforeMs, atMs]. */
export type UsdRateWindow = { atMs: number; notBeforeMs: number };

/**
 * The window of a span of time (a candle, a sparkline slot) ending at `endMs`: a minute inside
 * the span, or at most USD_RATE_MAX_AGE_MS before its start, is its rate; an older one is not.
 */
export const usdRateWindow = (startMs: number, endMs: number): UsdRateWindow => ({
  atMs: endMs,
  notBeforeMs: startMs - USD_RATE_MAX_AGE_MS,
});

/**
 * Native/USD rates of a chain for the given windows: for each, the rate of the latest stored
 * minute inside it, or null when it holds none. A later minute never stands in for an earlier
 * window.
 */
export async function readUsdRates(
  db: MarketDb,
  chain: ChainId,
  windows: readonly UsdRateWindow[],
): Promise<(number | null)[]> {
  if (windows.length === 0) return [];
  const { rows } = await db.query<{ usd: string | null }>(
    `select (select np.price_usd from native_prices np
              where np.chain_id = $1 and np.minute <= x.at and np.minute >= x.not_before
              order by np.minute desc limit 1) as usd
     from unnest($2::bigint[], $3::bigint[]) with ordinality as x(at, not_before, i)
     order by x.i`,
    [chain, windows.map((w) => Math.floor(w.atMs)), windows.map((w) => Math.floor(w.notBeforeMs))],
  );
  return rows.map((r) => (r.usd === null ? null : Number(r.usd)));
}

/** Whether the chain has any native/USD history at all (`quote=usd` is refused without). */
export async function hasUsdHistory(db: MarketDb, chain: ChainId): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>(
    "select exists (select 1 from native_prices where chain_id = $1) as any",
    [chain],
  );
  return rows[0]?.any === true;
}
