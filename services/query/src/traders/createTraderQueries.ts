import {
  type ChainId,
  chainFamily,
  formatUnits,
  marketKey,
  NotFoundError,
  TOP_TRADER_TIMEFRAME_MS,
  type TokenTopTradersPage,
  type TokenTopTradersQuery,
  type TokenTopTraderTimeframe,
  type TopTraderRow,
  type TopTradersPage,
  type TopTradersQuery,
  type TraderQueries,
  traderWindowStart,
} from "@tapeline/core";
import { createTtlCache } from "../market/createTtlCache.ts";
import type { MarketDb } from "../market/MarketDb.ts";
import { readUsdRates } from "../market/readUsdRates.ts";
import { createWalletBadgeCache } from "./createWalletBadgeCache.ts";
import { lifetimePositionFigures } from "./lifetimePositionFigures.ts";
import { readLaunchLabels, type TokenLaunch } from "./readLaunchLabels.ts";
import { readTopTraderRows, type TraderSums } from "./readTopTraderRows.ts";
import { readWalletBadges, type WalletBadgeFacts } from "./readWalletBadges.ts";

export type TraderQueriesOptions = {
  db: MarketDb;
  /** clock (ms); tests pin it */
  now?: () => number;
  /** how long one ranking is reused, default 1 s */
  ttlMs?: number;
};

type PoolFacts = { market: string; token_address: string; decimals: number | null };
type TokenFacts = {
  markets: { market: string; address: string }[];
  decimals: number | null;
  priceNative: number | null;
};

const MINUTE = 60_000;
/** Markets of one token summed by its ranking; a token with more ranks on its first ones by liquidity. */
const TOKEN_MARKETS_MAX = 200;
const num = (v: string) => Number(v);

/**
 * The trader reads. A market's ranking over a window sums the trader rollups covering the
 * minutes from the one holding `now - timeframe` to the current one (so a window reaches back at
 * most a minute further than its length). Windowed rankings serve no position, unrealized or
 * total PnL and no win rate (null); `realizedPnl*` is the window's net cashflow, sold minus
 * bought. USD is native × the current native/USD rate on EVM (`usdBasis` spot) and the trades'
 * own minute rates on Solana (`trade`). `isDev` compares with the token's deployer (null when it
 * is unknown), `isSniper` comes from the token's launch ({@link readLaunchLabels}), `isProTrader`
 * from the badge job's judgement (null until it has judged the wallet). A token's ranking sums
 * its markets alike; its lifetime (`all`) ranking adds the position figures
 * ({@link lifetimePositionFigures}) and the wallet's win rate from the badge job.
 */
export function createTraderQueries(opts: TraderQueriesOptions): TraderQueries {
  const { db } = opts;
  const now = opts.now ?? Date.now;
  const ttlMs = opts.ttlMs ?? 1000;
  const pages = createTtlCache<TopTradersPage>({ ttlMs, staleMs: ttlMs, max: 2_000, now });
  const tokenPages = createTtlCache<TokenTopTradersPage>({ ttlMs, staleMs: ttlMs, max: 2_000, now });
  const launches = createTtlCache<TokenLaunch | null>({ ttlMs: 10_000, max: 5_000, now });
  const spots = createTtlCache<number | null>({ ttlMs: 1000, max: 64, now });
  // the ranked wallets' badges, kept until the badge job runs again; the run is checked on every
  // ranking read, so a ranking shows a run's judgement at once
  const rankedBadges = createWalletBadgeCache({ db, runTtlMs: 0 });

  const spot = (chain: ChainId) =>
    spots.get(
      chain,
      async () => (await readUsdRates(db, chain, [{ atMs: now(), notBeforeMs: 0 }]))[0] ?? null,
    );
  const launchOf = (chain: ChainId, token: string) =>
    launches.get(`${chain}/${token}`, () => readLaunchLabels(db, chain, token));

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

  /** The token's markets (most native liquidity first), decimals and price on its main pool. */
  async function tokenFacts(chain: ChainId, address: string): Promise<TokenFacts> {
    const [pools, token] = await Promise.all([
      db.query<{ market: string; address: string; price_native: string | null }>(
        // the token's market list: one shard on Citus
        `select market, address, price_native from token_markets where token_key = $1
         order by liquidity_native desc nulls last, address collate "C" limit $2`,
        [marketKey(chain, address), TOKEN_MARKETS_MAX],
      ),
      db.query<{ decimals: number | null; best_pool: string | null }>(
        "select decimals, best_pool from tokens where chain_id = $1 and address = $2",
        [chain, address],
      ),
    ]);
    if (pools.rows.length === 0)
      throw new NotFoundError(`unknown token ${address} on ${chain}`, { chain, address });
    const best = token.rows[0]?.best_pool ?? null;
    const main = pools.rows.find((p) => p.address === best) ?? pools.rows[0]!;
    return {
      markets: pools.rows.map((p) => ({ market: p.market, address: p.address })),
      decimals: token.rows[0]?.decimals ?? null,
      priceNative: main.price_native === null ? null : num(main.price_native),
    };
  }

  /** The window of a timeframe asked at `asOf`: from the minute holding its start (0 for `all`). */
  function span(asOf: number, timeframe: TokenTopTraderTimeframe) {
    const endMs = Math.floor(asOf / MINUTE) * MINUTE + MINUTE;
    const startMs = timeframe === "all" ? 0 : traderWindowStart(asOf, TOP_TRADER_TIMEFRAME_MS[timeframe]);
    return { startMs, endMs };
  }

  async function rank(q: TopTradersQuery): Promise<TopTradersPage> {
    const asOf = now();
    const facts = await poolFacts(q.chain, q.address);
    const solana = chainFamily(q.chain) === "solana";
    const [rows, spotUsd, launch] = await Promise.all([
      readTopTraderRows(db, {
        chain: q.chain,
        markets: [facts.market],
        ...span(asOf, q.timeframe),
        timeframe: q.timeframe,
        sortBy: q.sortBy,
        order: q.order,
        limit: q.limit,
      }),
      solana ? Promise.resolve(null) : spot(q.chain),
      launchOf(q.chain, facts.token_address),
    ]);
    const badges = await rankedBadges(
      q.chain,
      rows.map((r) => r.wallet),
    );
    const data = rows.map((r, i) =>
      toTopTraderRow(r, i + 1, {
        decimals: facts.decimals,
        solana,
        spotUsd,
        launch,
        badges: badges.get(r.wallet) ?? null,
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

  async function rankToken(q: TokenTopTradersQuery): Promise<TokenTopTradersPage> {
    const asOf = now();
    const facts = await tokenFacts(q.chain, q.address);
    const solana = chainFamily(q.chain) === "solana";
    const [rows, nativeUsd, launch] = await Promise.all([
      readTopTraderRows(db, {
        chain: q.chain,
        markets: facts.markets.map((m) => m.market),
        ...span(asOf, q.timeframe),
        timeframe: q.timeframe,
        sortBy: q.sortBy,
        order: q.order,
        limit: q.limit,
      }),
      spot(q.chain),
      launchOf(q.chain, q.address),
    ]);
    const badges = await rankedBadges(
      q.chain,
      rows.map((r) => r.wallet),
    );
    const data = rows.map((r, i) => {
      const b = badges.get(r.wallet) ?? null;
      const row = toTopTraderRow(r, i + 1, {
        decimals: facts.decimals,
        solana,
        spotUsd: solana ? null : nativeUsd,
        launch,
        badges: b,
      });
      if (q.timeframe !== "all") return row;
      const figures = lifetimePositionFigures({
        openTokens: row.openTokens === null ? null : Number(row.openTokens),
        avgBuyPriceNative: row.avgBuyPriceNative,
        realizedPnlNative: row.realizedPnlNative,
        priceNative: facts.priceNative,
        nativeUsd,
      });
      return { ...row, ...figures, winRatePct: b?.winRatePct ?? null };
    });
    return {
      data,
      asOf,
      usdBasis: solana ? "trade" : "spot",
      sortBy: q.sortBy,
      order: q.order,
      timeframe: q.timeframe,
      traderCount: rows[0]?.trader_count ?? 0,
      pools: facts.markets.map((m) => m.address),
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
        deployer: launch.deployer,
      };
    },
    async proTraders(q) {
      const badges = await readWalletBadges(db, q.chain, q.wallets);
      return Object.fromEntries([...badges].map(([w, b]) => [w, b.proTrader]));
    },
    async tokenTopTraders(q) {
      return tokenPages.get(
        JSON.stringify([q.chain, q.address, q.timeframe, q.sortBy, q.order, q.limit]),
        () => rankToken(q),
      );
    },
  };
}

type RowContext = {
  decimals: number | null;
  solana: boolean;
  spotUsd: number | null;
  launch: TokenLaunch | null;
  /** the wallet's badges, null until judged */
  badges: WalletBadgeFacts | null;
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
    isProTrader: c.badges?.proTrader ?? null,
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
