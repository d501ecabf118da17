import type { ChainId } from "@tapeline/core";
import type { MarketDb } from "./MarketDb.ts";

/**
 * Native/USD rates of a chain at the given times (unix ms): for each, the rate of the latest
 * stored minute at or before it; before the first stored minute, the first one. Null when the
 * chain has no rate at all.
 */
export async function readUsdRates(db: MarketDb, chain: ChainId, atMs: number[]): Promise<(number | null)[]> {
  if (atMs.length === 0) return [];
  const { rows } = await db.query<{ usd: string | null }>(
    `select coalesce(
        (select np.price_usd from native_prices np where np.chain_id = $1 and np.minute <= x.at
          order by np.minute desc limit 1),
        (select np.price_usd from native_prices np where np.chain_id = $1 and np.minute > x.at
          order by np.minute asc limit 1)) as usd
     from unnest($2::bigint[]) with ordinality as x(at, i)
     order by x.i`,
    [chain, atMs],
  );
  return rows.map((r) => (r.usd === null ? null : Number(r.usd)));
}
