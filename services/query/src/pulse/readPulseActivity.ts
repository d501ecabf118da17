import { type ChainId, chainFamily } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";

/** A market's trades over the last 24 h: counts, and native and USD sums of volume and of traders' fees. */
export type MarketActivity = {
  buys: number;
  sells: number;
  volumeNative: number;
  volumeUsd: number | null;
  feesNative: number;
  feesUsd: number | null;
};

/**
 * 24 h activity of the given markets of one chain, valued in USD as the token endpoint's
 * `stats24h` is: on Solana at each trade's minute (the latest stored SOL/USD minute at or before
 * it), on EVM at the spot rate. A USD sum is null when trades have value but no rate is known.
 * Markets without trades are absent from the result.
 */
export async function readPulseActivity(
  db: MarketDb,
  q: { chain: ChainId; markets: string[]; sinceMs: number; nowMs: number; spotUsd: number | null },
): Promise<Map<string, MarketActivity>> {
  if (q.markets.length === 0) return new Map();
  const solana = chainFamily(q.chain) === "solana";
  const { rows } = await db.query<{
    market: string;
    buys: string;
    sells: string;
    vol: string | null;
    vol_usd: string | null;
    fees: string | null;
    fees_usd: string | null;
  }>(
    `with t as (
       select t.market, t.is_buy, t.volume_native, t.fees_native, (t.at / 60000) * 60000 as minute
       from trades t where t.market = any($1::text[]) and t.at > $2 and t.at <= $3
     ),
     r as (
       select m.minute, ${
         solana
           ? `(select np.price_usd from native_prices np where np.chain_id = $4 and np.minute <= m.minute
                order by np.minute desc limit 1)`
           : "null::numeric"
       } as usd
       from (select distinct minute from t) m
     )
     select t.market,
            count(*) filter (where t.is_buy) as buys,
            count(*) filter (where not t.is_buy) as sells,
            coalesce(sum(t.volume_native), 0) as vol,
            sum(t.volume_native * r.usd) as vol_usd,
            coalesce(sum(t.fees_native), 0) as fees,
            sum(t.fees_native * r.usd) as fees_usd
     from t left join r on r.minute = t.minute
     group by t.market`,
    solana ? [q.markets, q.sinceMs, q.nowMs, q.chain] : [q.markets, q.sinceMs, q.nowMs],
  );
  const usd = (native: number, stored: string | null): number | null => {
    if (!solana) return q.spotUsd === null ? null : native * q.spotUsd;
    if (stored !== null) return Number(stored);
    return native === 0 ? 0 : null;
  };
  return new Map(
    rows.map((r) => {
      const vol = Number(r.vol ?? 0);
      const fees = Number(r.fees ?? 0);
      return [
        r.market,
        {
          buys: Number(r.buys),
          sells: Number(r.sells),
          volumeNative: vol,
          volumeUsd: usd(vol, r.vol_usd),
          feesNative: fees,
          feesUsd: usd(fees, r.fees_usd),
        },
      ];
    }),
  );
}
