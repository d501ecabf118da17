import {
  type ChainId,
  chainFamily,
  priceChangePct,
  STATS_WINDOWS,
  type StatsWindow,
  type WindowStats,
} from "@tapeline/core";
import type { MarketDb } from "./MarketDb.ts";
import { unionPerMarket } from "./unionPerMarket.ts";

/** Length of each stats window in ms. */
export const STATS_WINDOW_MS: Readonly<Record<StatsWindow, number>> = {
  "5m": 300_000,
  "1h": 3_600_000,
  "6h": 21_600_000,
  "24h": 86_400_000,
};

export type ReadWindowStatsInput = {
  chain: ChainId;
  /** markets whose trades are counted */
  markets: string[];
  /**
   * Set when `markets` are every market of this token that traded in the windows: the store
   * then reads the same trades from the token's copy (`token_trades`), on one shard, keeping
   * only those markets' trades (a market whose token changed counts for its current token, as
   * the shards' windows kept from the bus count it).
   */
  token?: string;
  /** markets whose trades make the price change (the pricing pool for token-wide figures) */
  priceMarkets: string[];
  windows: StatsWindow[];
  nowMs: number;
  /** current native/USD rate for EVM spot valuation; null when unknown */
  spotUsd: number | null;
};

/**
 * Windowed figures over trailing windows ending now: volumes (native; USD at each trade's minute
 * on Solana, at the spot rate on EVM), buy and sell counts and volumes, trades, distinct makers,
 * and the price change in percent from the last price before the window (or its first trade when
 * nothing traded before) to the latest price. A window without trades has zero counts and a null
 * price change when no price is known at all.
 */
export async function readWindowStats(
  db: MarketDb,
  q: ReadWindowStatsInput,
): Promise<Partial<Record<StatsWindow, WindowStats>>> {
  const windows = STATS_WINDOWS.filter((w) => q.windows.includes(w));
  if (windows.length === 0) return {};
  const since = windows.map((w) => q.nowMs - STATS_WINDOW_MS[w]);
  const solana = chainFamily(q.chain) === "solana";
  const oldest = Math.min(...since);
  // independent reads, sent together: the caller waits for one round trip instead of two
  const [agg, pcts] = await Promise.all([
    db.query<{
      i: number;
      vol: string | null;
      vol_usd: string | null;
      buy_vol: string | null;
      sell_vol: string | null;
      buys: string;
      sells: string;
      makers: string;
    }>(
      `with t as (
       select t.at, t.is_buy, t.volume_native, t.maker, (t.at / 60000) * 60000 as minute
       from ${q.token === undefined ? "trades t where t.market = any($1::text[])" : `token_trades t where t.token_key = $1 and t.pool_address = any($${solana ? 6 : 5}::text[])`}
         and t.at > $2 and t.at <= $3
     ),
     r as (
       select m.minute, ${
         solana
           ? `(select np.price_usd from native_prices np where np.chain_id = $5 and np.minute <= m.minute
                order by np.minute desc limit 1)`
           : "null::numeric"
       } as usd
       from (select distinct minute from t) m
     )
     select w.i::int as i,
            coalesce(sum(t.volume_native), 0) as vol,
            sum(t.volume_native * r.usd) as vol_usd,
            coalesce(sum(t.volume_native) filter (where t.is_buy), 0) as buy_vol,
            coalesce(sum(t.volume_native) filter (where not t.is_buy), 0) as sell_vol,
            count(*) filter (where t.is_buy) as buys,
            count(*) filter (where not t.is_buy) as sells,
            count(distinct t.maker) as makers
     from unnest($4::bigint[]) with ordinality as w(since, i)
     left join t on t.at > w.since
     left join r on r.minute = t.minute
     group by w.i order by w.i`,
      [q.token === undefined ? q.markets : `${q.chain}/${q.token}`, oldest, q.nowMs, since]
        .concat(solana ? [q.chain] : [])
        .concat(q.token === undefined ? [] : [q.markets.map((m) => m.slice(m.indexOf("/") + 1))]),
    ),
    readPriceChanges(db, q.priceMarkets, since, q.nowMs),
  ]);
  const out: Partial<Record<StatsWindow, WindowStats>> = {};
  windows.forEach((w, k) => {
    const a = agg.rows[k];
    const buys = Number(a?.buys ?? 0);
    const sells = Number(a?.sells ?? 0);
    const vol = Number(a?.vol ?? 0);
    out[w] = {
      volumeNative: vol,
      volumeUsd: solana
        ? a?.vol_usd == null
          ? vol === 0
            ? 0
            : null
          : Number(a.vol_usd)
        : q.spotUsd === null
          ? null
          : vol * q.spotUsd,
      buyVolumeNative: Number(a?.buy_vol ?? 0),
      sellVolumeNative: Number(a?.sell_vol ?? 0),
      buys,
      sells,
      txns: buys + sells,
      makers: Number(a?.makers ?? 0),
      priceChangePct: pcts[k] ?? null,
    };
  });
  return out;
}

/**
 * Price change in percent per window start: from the last price at or before it (or the first
 * after it when none) to the latest price, over the newest trade among `markets`. One statement
 * of uncorrelated per-market probes, so each probe routes to its market's shard on Citus.
 */
async function readPriceChanges(
  db: MarketDb,
  markets: string[],
  since: number[],
  nowMs: number,
): Promise<(number | null)[]> {
  if (markets.length === 0) return since.map(() => null);
  const params: unknown[] = [];
  const p = (v: unknown): string => {
    params.push(v);
    return `$${params.length}`;
  };
  const now = p(nowMs);
  const edge = (cond: string, dir: "asc" | "desc"): string => {
    const order = (a: string): string => `${a}.at ${dir}, ${a}.block ${dir}, ${a}.log_index ${dir}`;
    const branches = unionPerMarket(
      markets,
      p,
      (m) => `select t.price_native, t.at, t.block, t.log_index from trades t
               where t.market = ${m} and ${cond} and t.price_native is not null order by ${order("t")} limit 1`,
    );
    return `(select x.price_native from (${branches}) x order by ${order("x")} limit 1)`;
  };
  const edges = since.map((s, i) => {
    const sp = p(s);
    return `${edge(`t.at <= ${sp}::bigint`, "desc")}::text as before_${i},
            ${edge(`t.at > ${sp}::bigint and t.at <= ${now}::bigint`, "asc")}::text as first_${i}`;
  });
  const { rows } = await db.query<Record<string, string | null>>(
    `select ${edges.join(", ")}, ${edge(`t.at <= ${now}::bigint`, "desc")}::text as last`,
    params,
  );
  const e = rows[0] ?? {};
  return since.map((_, i) => priceChangePct(e[`before_${i}`] ?? e[`first_${i}`] ?? null, e.last ?? null));
}
