import {
  type ChainId,
  chainFamily,
  formatUnits,
  marketKey,
  NotFoundError,
  TOP_TRADER_TIMEFRAME_MS,
  type TopTraderRow,
  type TopTradersPage,
  type TopTradersQuery,
  type TraderQueries,
} from "@tapeline/core";
import { createTtlCache } from "../market/createTtlCache.ts";
import type { MarketDb } from "../market/MarketDb.ts";
import { readUsdRates } from "../market/readUsdRates.ts";
import { readLaunchLabels, type TokenLaunch } from "./readLaunchLabels.ts";
import { readProTraders } from "./readProTraders.ts";
import { readTopTraderRows, type TraderSums } from "./readTopTraderRows.ts";

export type TraderQueriesOptions = {
  db: MarketDb;
  /** clock (ms); tests pin it */
  now?: () => number;
  /** how long one ranking is reused, default 1 s */
  ttlMs?: number;
};

type PoolFacts = { market: string; token_address: string; decimals: number | null };

const MINUTE = 60_000;
const num = (v: string) => Number(v);

/**
 * The trader reads. A market's ranking over a window sums the trader rollups covering the
 * minutes from the one holding `now - timeframe` to the current one (so a window reaches back at
 * most a minute further than its length). Windowed rankings serve no position, unrealized or
 * total PnL and no win rate (null); `realizedPnl*` is the window's net cashflow, sold minus
 * bought. USD is native × the current native/USD rate on EVM (`usdBasis` spot) and the trades'
 * own minute rates on Solana (`trade`). `isDev` compares with the token's deployer (null when it
 * is unknown), `isSniper` comes from the token's launch ({@link readLaunchLabels}), `isProTrader`
 * from the badge job's judgement (null until it has judged the wallet).
 */
export function createTraderQueries(opts: TraderQueriesOptions): TraderQueries {
  const { db } = opts;
  const now = opts.now ?? Date.now;
  const ttlMs = opts.ttlMs ?? 1000;
  const pages = createTtlCache<TopTradersPage>({ ttlMs, staleMs: ttlMs, max: 2_000, now });
  const launches = createTtlCache<TokenLaunch | null>({ ttlMs: 10_000, max: 5_000, now });
  const spots = createTtlCache<number | null>({ ttlMs: 1000, max: 64, now });

  const spot = (chain: ChainId) =>
    spots.get(
      chain,
      async () => (await readUsdRates(db, chain, [{ atMs: now(), notBeforeMs: 0 }]))[0] ?? null,
    );

  async function poolFacts(chain: ChainId, address: string): Promise<PoolFacts> {
    const { rows } = await db.query<PoolFacts>(
      `select p.market, p.token_address, t.decimals
       from pools p left join tokens t on t.chain_id = p.chain_id and t.address = p.token_address
       where p.market = $1`,
      [marketKey(chain, address)],
    );
    const p = rows[0];
    if (!p) throw new NotFoundError(`unknown pool ${address} on ${chain}`, { chain, address });
    return p;
  }

  async function rank(q: TopTradersQuery): Promise<TopTradersPage> {
    const asOf = now();
    const facts = await poolFacts(q.chain, q.address);
    const endMs = Math.floor(asOf / MINUTE) * MINUTE + MINUTE;
    const startMs = Math.floor((asOf - TOP_TRADER_TIMEFRAME_MS[q.timeframe]) / MINUTE) * MINUTE;
    const solana = chainFamily(q.chain) === "solana";
    const [rows, spotUsd, launch] = await Promise.all([
      readTopTraderRows(db, {
        market: facts.market,
        startMs,
        endMs,
        sortBy: q.sortBy,
        order: q.order,
        limit: q.limit,
      }),
      solana ? Promise.resolve(null) : spot(q.chain),
      launches.get(`${q.chain}/${facts.token_address}`, () =>
        readLaunchLabels(db, q.chain, facts.token_address),
      ),
    ]);
    const pro = await readProTraders(
      db,
      q.chain,
      rows.map((r) => r.wallet),
    );
    const data = rows.map((r, i) =>
      toTopTraderRow(r, i + 1, {
        decimals: facts.decimals,
        solana,
        spotUsd,
        launch,
        pro: pro.get(r.wallet) ?? null,
      }),
    );
    return {
      data,
      asOf,
      usdBasis: solana ? "trade" : "spot",
      sortBy: q.sortBy,
      order: q.order,
      timeframe: q.timeframe,
      traderCount: rows[0]?.trader_count ?? 0,
    };
  }

  return {
    async poolTopTraders(q) {
      return pages.get(JSON.stringify([q.chain, q.address, q.timeframe, q.sortBy, q.order, q.limit]), () =>
        rank(q),
      );
    },
    // Read fresh each time: the caller (the stream's badge cache) decides when to read again.
    async tokenLaunchLabels(q) {
      const launch = await readLaunchLabels(db, q.chain, q.address);
      if (launch === null) return null;
      return {
        snipers: [...launch.snipers],
        firstTradeAt: launch.firstTradeAt,
        createdBlock: launch.createdBlock,
        full: launch.full,
      };
    },
    async proTraders(q) {
      return Object.fromEntries(await readProTraders(db, q.chain, q.wallets));
    },
  };
}

type RowContext = {
  decimals: number | null;
  solana: boolean;
  spotUsd: number | null;
  launch: TokenLaunch | null;
  /** the wallet's proTrader badge, null until judged */
  pro: boolean | null;
};

/** A windowed ranking row from a wallet's sums. */
function toTopTraderRow(r: TraderSums, rank: number, c: RowContext): TopTraderRow {
  const bought = BigInt(r.bought_tokens);
  const sold = BigInt(r.sold_tokens);
  const whole = (raw: bigint) => (c.decimals === null ? null : formatUnits(raw, c.decimals));
  const nativeKnown = r.native_missing === 0;
  const boughtNative = nativeKnown ? num(r.bought_native) : null;
  const soldNative = nativeKnown ? num(r.sold_native) : null;
  // exact difference first, one rounding to a number after
  const pnlNative = nativeKnown ? num(subtractDecimals(r.sold_native, r.bought_native)) : null;
  const usdOf = (native: number | null, tradeUsd: string) =>
    c.solana
      ? r.usd_missing === 0
        ? num(tradeUsd)
        : null
      : native === null || c.spotUsd === null
        ? null
        : native * c.spotUsd;
  const pnlUsd = c.solana
    ? r.usd_missing === 0
      ? num(subtractDecimals(r.sold_usd, r.bought_usd))
      : null
    : pnlNative === null || c.spotUsd === null
      ? null
      : pnlNative * c.spotUsd;
  const boughtWhole = c.decimals === null || bought === 0n ? null : Number(formatUnits(bought, c.decimals));
  return {
    rank,
    address: r.wallet,
    buys: r.buys,
    sells: r.sells,
    boughtTokens: whole(bought),
    soldTokens: whole(sold),
    openTokens: whole(bought > sold ? bought - sold : 0n),
    boughtNative,
    soldNative,
    boughtUsd: usdOf(boughtNative, r.bought_usd),
    soldUsd: usdOf(soldNative, r.sold_usd),
    positionValueNative: null,
    positionValueUsd: null,
    unrealizedPnlNative: null,
    unrealizedPnlUsd: null,
    totalPnlNative: null,
    totalPnlUsd: null,
    realizedPnlNative: pnlNative,
    realizedPnlUsd: pnlUsd,
    avgBuyPriceNative: boughtNative === null || boughtWhole === null ? null : boughtNative / boughtWhole,
    winRatePct: null,
    isDev: c.launch?.deployer == null ? null : r.wallet === c.launch.deployer,
    isSniper: c.launch === null ? null : c.launch.snipers.has(r.wallet),
    isProTrader: c.pro,
    firstTradeAt: Number(r.first_at),
    lastTradeAt: Number(r.last_at),
  };
}

/** a − b of two non-negative decimal strings, exactly, as a decimal string. */
function subtractDecimals(a: string, b: string): string {
  const scale = Math.max(fractionDigits(a), fractionDigits(b));
  const diff = scaled(a, scale) - scaled(b, scale);
  return formatUnits(diff, scale);
}
const fractionDigits = (v: string) => (v.includes(".") ? v.length - v.indexOf(".") - 1 : 0);
function scaled(v: string, scale: number): bigint {
  const [w = "0", f = ""] = v.split(".");
  return BigInt(w + f.padEnd(scale, "0"));
}
