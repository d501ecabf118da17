import {
  addExact,
  type CandlePage,
  type CandleQuery,
  type ChainId,
  capMarketValue,
  chainFamily,
  EVM_NATIVE,
  EXACT_ZERO,
  type ExactDecimal,
  formatExact,
  InvalidParamError,
  isEvm,
  type MarketDefinition,
  type MarketQueries,
  type MarketRef,
  marketKey,
  NotFoundError,
  type PageCandle,
  parseExact,
  pastLaunchWindows,
  type SparklinePoint,
  type SparklineQuery,
  type TokenCandleQuery,
  type TokenPoolRow,
  type TokenSnapshot,
  type TradePage,
  type TradeQuery,
} from "@tapeline/core";
import { createHotCandles } from "../hot/createHotCandles.ts";
import { createHotWindows } from "../hot/createHotWindows.ts";
import type { MarketEventFeed } from "../hot/MarketEventFeed.ts";
import { createWalletBadgeCache } from "../traders/createWalletBadgeCache.ts";
import { labelTradeRows } from "../traders/labelTradeRows.ts";
import { readLaunchLabels, type TokenLaunch } from "../traders/readLaunchLabels.ts";
import { alignBucket } from "./alignBucket.ts";
import { applyMarketEvent, marketEventTags } from "./applyMarketEvent.ts";
import { buildSparkline } from "./buildSparkline.ts";
import { convertCandlesToUsd } from "./convertCandlesToUsd.ts";
import { createTokenLabelReader } from "./createTokenLabelReader.ts";
import { createTtlCache, type EntryOptions } from "./createTtlCache.ts";
import { decimalString } from "./decimalString.ts";
import { launchpadPoolOf, toTokenLaunchpad } from "./launchpadPoolOf.ts";
import type { MarketDb } from "./MarketDb.ts";
import { createPageFactsReader } from "./pageFacts.ts";
import { parseInterval } from "./parseInterval.ts";
import { type NativeCandlePage, readCandlePage } from "./readCandlePage.ts";
import { readNativePrices } from "./readNativePrices.ts";
import { type PoolRow, readPoolRows, readTokenPoolRowsByToken } from "./readPoolRows.ts";
import { readPriceAth } from "./readPriceAth.ts";
import { readSparklineCloses } from "./readSparklineCloses.ts";
import { readTokenFacts, type TokenFacts, toTokenMetadata } from "./readTokenFacts.ts";
import { readTokenState } from "./readTokenState.ts";
import { readTokenWindowTotals } from "./readTokenWindowTotals.ts";
import { readTradePage } from "./readTradePage.ts";
import { hasUsdHistory, readUsdRates, usdRateWindow } from "./readUsdRates.ts";
import { type ReadWindowStatsInput, readWindowStats, STATS_WINDOW_MS } from "./readWindowStats.ts";
import { readSnapshotWindowStats } from "./snapshotWindowStats.ts";
import { sparklineGrid } from "./sparklineGrid.ts";
import { stepBucket } from "./stepBucket.ts";
import { toMarketDefinition, wholeSupply } from "./toMarketDefinition.ts";

export type MarketQueriesOptions = {
  db: MarketDb;
  /** clock (ms); tests pin it */
  now?: () => number;
  /** how long market definitions are served from the shared cache, default 5 s */
  definitionTtlMs?: number;
  /**
   * How long token figures (snapshot, price, pools) are reused, default 1 s; for as long again a
   * hot token is answered from the previous figures while they are recomputed.
   */
  tokenTtlMs?: number;
  /**
   * How long the chain's native/USD spot rate is reused, default the lesser of 1 s and
   * `tokenTtlMs`; a bench that turns the token caches off may keep this one, as production does.
   */
  spotTtlMs?: number;
  /** how long a candle page that is not settled (the forming one) is reused, default 1 s (same stale rule) */
  candleTtlMs?: number;
  /** how long a trade page is reused, default 1 s (same stale rule) */
  tradeTtlMs?: number;
  /**
   * How long trade pages reuse a known token's name, symbol and decimals, and the chain's native
   * coin's, default 60 s (a token not stored yet is looked up on every page).
   */
  factsTtlMs?: number;
  /** candle pages ending this long before now are settled (immutable, cached), default 1 h */
  settledAfterS?: number;
  /** rows a filtered trade page may look at (see readTradePage) */
  tradeScanWindow?: number;
  /**
   * The shard's market events and key ownership. With it, cached answers are dropped by the
   * events that touch their markets and tokens (a read after the event reflects it), and answers
   * of the keys the shard owns are kept `events.hotTtlMs` instead of the lifetimes above.
   */
  events?: MarketEventFeed;
};

/** Everything a token's reads share: its row, its markets in pricing order, and its best market. */
type TokenCore = {
  facts: TokenFacts | null;
  pools: PoolRow[];
  best: PoolRow | null;
  liquidityNative: string | null;
  spotUsd: number | null;
};

const DAY_MS = 86_400_000;

/** The native liquidity of a token's markets added up exactly (as SQL's `sum`: unknown ones skipped, null when none is known). */
function sumLiquidity(pools: readonly PoolRow[]): string | null {
  let total: ExactDecimal | null = null;
  for (const p of pools) {
    if (p.liquidityNative !== null) total = addExact(total ?? EXACT_ZERO, parseExact(p.liquidityNative));
  }
  return total === null ? null : decimalString(formatExact(total));
}
/** How long a read after given market events waits for this shard to apply them. */
const AFTER_EVENTS_WAIT_MS = 500;

/**
 * The market read API of a query shard over Postgres (see `MarketQueries`). Market definitions
 * are served from one cache shared by the single and batch calls; token figures are reused for
 * `tokenTtlMs`; settled candle pages (ending `settledAfterS` before now, with an explicit
 * `endTime`) are immutable and kept in a page cache; other candle pages and trade pages are
 * reused for about a second, so a hot market costs one read per second whatever its callers.
 * A reused answer is the same object each time (callers must not change it).
 */
export function createMarketQueries(opts: MarketQueriesOptions): MarketQueries {
  const { db } = opts;
  const now = opts.now ?? Date.now;
  const settledAfterS = opts.settledAfterS ?? 3600;
  const definitions = createTtlCache<PoolRow | null>({
    ttlMs: opts.definitionTtlMs ?? 5000,
    max: 50_000,
    now,
  });
  const tokenTtl = opts.tokenTtlMs ?? 1000;
  const cores = createTtlCache<TokenCore>({ ttlMs: tokenTtl, staleMs: tokenTtl, max: 20_000, now });
  const snapshots = createTtlCache<TokenSnapshot>({ ttlMs: tokenTtl, staleMs: tokenTtl, max: 20_000, now });
  // the spot rate token snapshots are valued at ages no slower than the snapshots themselves
  const spots = createTtlCache<number | null>({
    ttlMs: opts.spotTtlMs ?? Math.min(1000, tokenTtl),
    max: 64,
    now,
  });
  const answers = createTtlCache<unknown>({ ttlMs: tokenTtl, staleMs: tokenTtl, max: 20_000, now });
  const nativePricesCache = createTtlCache<Awaited<ReturnType<MarketQueries["nativePrices"]>>>({
    ttlMs: 1000,
    max: 1,
    now,
  });
  // Page caches are bounded by the rows they hold: a candle is about 100 bytes as an object and
  // as much again once the API has serialized it; a trade row is several times that.
  const weigh = (p: CandlePage) => p.data.length;
  const pages = createTtlCache<CandlePage>({
    ttlMs: 24 * 3600_000,
    max: 5_000,
    maxWeight: 1_000_000,
    weigh,
    now,
  });
  const candleTtl = opts.candleTtlMs ?? 1000;
  const formingPages = createTtlCache<CandlePage>({
    ttlMs: candleTtl,
    staleMs: candleTtl,
    max: 5_000,
    maxWeight: 500_000,
    weigh,
    now,
  });
  const tradeTtl = opts.tradeTtlMs ?? 1000;
  const factsTtl = opts.factsTtlMs ?? 60_000;
  const pageFacts = createPageFactsReader(
    db,
    createTokenLabelReader(db, { ttlMs: factsTtl, max: 50_000, now }),
    { nativeTtlMs: factsTtl, now },
  );
  const tradePages = createTtlCache<TradePage>({
    ttlMs: tradeTtl,
    staleMs: tradeTtl,
    max: 5_000,
    maxWeight: 200_000,
    weigh: (p) => p.data.length,
    now,
  });

  const scanOpt = opts.tradeScanWindow === undefined ? {} : { scanWindow: opts.tradeScanWindow };
  const feed = opts.events;
  const hotTtl = feed?.hotTtlMs ?? 0;
  /** An entry's lifetime and tags: an owned key's answer stays until an event drops it (or hotTtl). */
  const life = (cacheTtl: number, owner: string, tags: string[]): EntryOptions => ({
    tags,
    ttlMs: cacheTtl > 0 && feed?.owns(owner) ? Math.max(hotTtl, cacheTtl) : cacheTtl,
  });
  // Answers valued at a chain's spot rate carry `usd:<chain>`, dropped when the rate moves.
  const usdTag = (chain: ChainId) => `usd:${chain}`;
  const lastSpot = new Map<ChainId, number | null>();
  /** Notes the chain's spot rate as just read: answers valued at a rate that moved are dropped. */
  const noteSpot = (chain: ChainId, rate: number | null) => {
    if (lastSpot.has(chain) && lastSpot.get(chain) !== rate) {
      for (const cache of [cores, snapshots, answers, tradePages]) cache.invalidate(usdTag(chain));
    }
    lastSpot.set(chain, rate);
  };
  const spot = (chain: ChainId) =>
    spots.get(chain, async () => {
      const rate = (await readUsdRates(db, chain, [{ atMs: now(), notBeforeMs: 0 }]))[0] ?? null;
      noteSpot(chain, rate);
      return rate;
    });

  // A launch's labels settle once its first trades are stored: read them again every 10 s, and at
  // once for a page holding a trade inside the launch's windows (a read kept from before that
  // trade may not count it).
  const launches = createTtlCache<TokenLaunch | null>({ ttlMs: 10_000, max: 5_000, now });
  // the makers' badges change only when the badge job runs: kept until it runs again
  const badges = createWalletBadgeCache({ db });
  /** The page with its makers' badges filled in (sniper of the token's launch, pro trader). */
  async function labelled(chain: ChainId, token: string, page: TradePage): Promise<TradePage> {
    const key = `${chain}/${token}`;
    let launch = await launches.get(key, () => readLaunchLabels(db, chain, token));
    if (launch !== null && !page.data.every((t) => pastLaunchWindows(launch!, t))) {
      launches.delete(key);
      launch = await launches.get(key, () => readLaunchLabels(db, chain, token));
    }
    await labelTradeRows(badges, chain, launch, page.data);
    return page;
  }

  // Windowed figures of the markets read for owned keys, kept from the trade events (EVM: USD
  // valued at the spot rate; Solana: at each trade's minute, from the chain's minute rates).
  const hotWindows = feed ? createHotWindows({ db }) : null;
  // The newest native candle page of owned keys, kept from the trade events.
  const hotCandles = feed ? createHotCandles({ db }) : null;
  /** `readWindowStats`, from memory when `owner` is the shard's own key. */
  async function windowStats(owner: string, q: ReadWindowStatsInput) {
    if (hotWindows && feed?.owns(owner)) {
      const hot = await hotWindows.figures(q);
      if (hot) return hot;
    }
    return readWindowStats(db, q);
  }

  feed?.onEvent((event) => {
    hotWindows?.apply(event);
    hotCandles?.apply(event);
    const [market, token] = marketEventTags(event);
    definitions.update(market, (row) => (row === null ? null : applyMarketEvent(row, event)));
    for (const cache of [cores, snapshots, answers, formingPages, tradePages]) {
      cache.invalidate(market);
      cache.invalidate(token);
    }
    // a launch's labels come from its first trades
    if (event.type === "trade" || event.type === "rollback") launches.delete(token);
    // Settled pages end an hour back; only a rollback (a reorg that deep) can change one.
    if (event.type === "rollback") pages.invalidate(market);
  });
  feed?.onOwnershipChange(() => {
    hotWindows?.clear();
    hotCandles?.clear();
    for (const cache of [definitions, cores, snapshots, answers, formingPages, tradePages, pages])
      cache.clear();
  });

  async function poolRow(chain: ChainId, address: string): Promise<PoolRow | null> {
    const key = marketKey(chain, address);
    return definitions.get(
      key,
      async () => (await readPoolRows(db, chain, [address])).get(address) ?? null,
      life(opts.definitionTtlMs ?? 5000, key, [key]),
    );
  }

  // One definition per cached row (a market event replaces the row), so the shard's RPC and batch
  // answers, serialized once per result object, serve a cached market's bytes again.
  const definitionOfRow = new WeakMap<PoolRow, MarketDefinition>();
  function definitionOf(row: PoolRow): MarketDefinition {
    let d = definitionOfRow.get(row);
    if (d === undefined) {
      d = toMarketDefinition(row);
      definitionOfRow.set(row, d);
    }
    return d;
  }

  async function requirePool(chain: ChainId, address: string): Promise<PoolRow> {
    const p = await poolRow(chain, address);
    if (!p) throw new NotFoundError(`unknown pool ${address} on ${chain}`, { chain, address });
    return p;
  }

  /** `rate`: the chain's spot rate when the caller has just read it (one read per request). */
  async function tokenCore(chain: ChainId, address: string, rate?: number | null): Promise<TokenCore> {
    const key = marketKey(chain, address);
    // drops the answers valued at a rate that moved since
    const spotUsd = rate === undefined ? await spot(chain) : rate;
    return cores.get(
      key,
      async () => {
        const [facts, pools] = await Promise.all([
          readTokenFacts(db, chain, address),
          readTokenPoolRowsByToken(db, chain, address),
        ]);
        const best = pools.find((p) => p.address === facts?.bestPool) ?? pools[0] ?? null;
        return { facts, pools, best, liquidityNative: sumLiquidity(pools), spotUsd };
      },
      life(tokenTtl, key, [key, usdTag(chain)]),
    );
  }

  async function requireToken(chain: ChainId, address: string, rate?: number | null): Promise<TokenCore> {
    const core = await tokenCore(chain, address, rate);
    if (!core.facts && core.pools.length === 0) {
      throw new NotFoundError(`unknown token ${address} on ${chain}`, { chain, address });
    }
    return core;
  }

  /** Pools listed by a caller for a token's figures: each must exist and trade the token. */
  async function tokenPoolsParam(chain: ChainId, token: string, pools: string[]): Promise<PoolRow[]> {
    const rows = await Promise.all(pools.map((a) => requirePool(chain, a)));
    for (const p of rows) {
      if (p.tokenAddress !== token) {
        throw new InvalidParamError("pools", `pool ${p.address} does not trade token ${token}`, {
          pool: p.address,
        });
      }
    }
    return rows;
  }

  const usd = (native: string | null, rate: number | null): number | null =>
    native === null || rate === null ? null : Number(native) * rate;

  function priceFigures(core: TokenCore) {
    const priceNative = decimalString(core.best?.priceNative ?? null);
    const priceUsd = usd(priceNative, core.spotUsd);
    const liquidityUsd = usd(core.liquidityNative, core.spotUsd);
    const decimals = core.facts?.decimals ?? core.best?.token.decimals ?? null;
    const supply = wholeSupply(core.facts?.totalSupply ?? null, decimals);
    const raw = priceUsd === null || supply === null ? null : priceUsd * Number(supply);
    const cap = capMarketValue(raw, liquidityUsd);
    return { priceNative, priceUsd, liquidityUsd, supply, marketCapUsd: cap, fdvUsd: cap };
  }

  async function candles(
    chain: ChainId,
    /** the key the call is routed by (the pool's market or the token) */
    owner: string,
    markets: string[],
    poolAddresses: string[],
    q: CandleQuery,
  ): Promise<CandlePage> {
    if (q.quote === "usd" && isEvm(chain)) {
      throw new InvalidParamError(
        "quote",
        "quote=usd is served on Solana only (EVM chains have no USD candle history)",
      );
    }
    const nowMs = now();
    const nowS = Math.floor(nowMs / 1000);
    const spec = parseInterval(q.interval);
    const key = JSON.stringify([
      markets,
      spec.key,
      q.limit,
      q.endTime ?? null,
      q.from ?? null,
      q.fill,
      q.quote,
    ]);
    const compute = async (): Promise<CandlePage> => {
      const page = await readCandlePage(db, {
        markets,
        spec,
        limit: q.limit,
        endTime: q.endTime ?? null,
        from: q.from ?? null,
        fill: q.fill,
        nowS,
      });
      return shape(page);
    };
    const shape = async (page: NativeCandlePage): Promise<CandlePage> => {
      let data: PageCandle[] = page.candles.map((c) => ({
        time: c.time,
        open: c.open,
        high: c.high,
        low: c.low,
        close: c.close,
        volume: c.volume,
        volumeToken: c.volumeToken,
        trades: c.trades,
      }));
      if (q.quote === "usd") {
        const windows = page.candles.map((c) =>
          usdRateWindow(c.time * 1000, Math.min(stepBucket(c.time, spec, 1) - 1, nowS) * 1000),
        );
        const rates = await readUsdRates(db, chain, windows);
        if (rates.some((r) => r === null) && !(await hasUsdHistory(db, chain))) {
          throw new InvalidParamError("quote", `quote=usd: no USD history on ${chain}`);
        }
        data = convertCandlesToUsd(page.candles, rates);
      }
      const out: CandlePage = {
        data,
        interval: spec.key,
        count: data.length,
        oldestTime: data[0]?.time ?? null,
        newestTime: data.at(-1)?.time ?? null,
        hasMore: page.hasMore,
        pools: poolAddresses,
        quote: q.quote,
        immutable: q.endTime !== null && q.endTime !== undefined && page.coveredUntil <= nowS - settledAfterS,
        asOf: nowMs,
      };
      if (page.nextEndTime !== undefined) out.nextEndTime = page.nextEndTime;
      return out;
    };
    const immutable = q.endTime !== null && q.endTime !== undefined;
    const newest = !immutable && (q.from === null || q.from === undefined) && q.quote === "native";
    if (hotCandles && newest && feed?.owns(owner)) {
      const page = await hotCandles.page({ markets, spec, limit: q.limit, fill: q.fill, nowS });
      if (page) return shape(page);
    }
    const tags = [...markets, owner];
    const forming = life(candleTtl, owner, tags);
    if (!immutable) return formingPages.get(key, compute, forming);
    const spanEnd = stepBucket(alignBucket(Math.min(q.endTime as number, nowS), spec), spec, 1);
    if (spanEnd > nowS - settledAfterS) return formingPages.get(key, compute, forming);
    return pages.get(key, compute, { tags });
  }

  /** An unknown market or token: null (not served), after the same quote check a known one gets. */
  function unknownSparkline(q: SparklineQuery): null {
    if (q.quote === "usd" && isEvm(q.chain)) {
      throw new InvalidParamError("quote", "quote=usd is served on Solana only");
    }
    return null;
  }

  async function sparkline(
    chain: ChainId,
    pool: PoolRow | null,
    q: SparklineQuery,
  ): Promise<SparklinePoint[]> {
    if (q.quote === "usd" && isEvm(chain)) {
      throw new InvalidParamError("quote", "quote=usd is served on Solana only");
    }
    if (!pool) return [];
    const nowMs = now();
    const grid = sparklineGrid(q.timeframe, nowMs);
    const raw = await readSparklineCloses(db, pool.market, grid);
    // a price whose slot has no known USD rate counts as no price there
    let rateAt: (t: number) => number | null = () => 1;
    if (q.quote === "usd") {
      const nowS = Math.floor(nowMs / 1000);
      const firstStart = grid.starts[0] as number;
      const windows = [
        ...grid.starts.map((s) => usdRateWindow(s * 1000, Math.min(s + grid.stepS - 1, nowS) * 1000)),
        usdRateWindow((firstStart - grid.stepS) * 1000, firstStart * 1000 - 1),
      ];
      const rates = await readUsdRates(db, chain, windows);
      if (rates.some((r) => r === null) && !(await hasUsdHistory(db, chain)))
        throw new InvalidParamError("quote", `quote=usd: no USD history on ${chain}`);
      const bySlot = new Map(grid.starts.map((s, i) => [s, rates[i] ?? null]));
      const before = rates.at(-1) ?? null;
      rateAt = (t) => (bySlot.has(t) ? (bySlot.get(t) ?? null) : before);
    }
    const inQuote = (price: string | null, t: number): number | null => {
      const r = rateAt(t);
      return price === null || r === null ? null : Number(price) * r;
    };
    const first = grid.starts[0] as number;
    const closes = new Map<number, number>();
    for (const [t, c] of raw.closes) {
      const v = inQuote(c, t);
      if (v !== null) closes.set(t, v);
    }
    const firstTraded = [...raw.closes.keys()][0];
    return buildSparkline({
      slots: grid,
      closes,
      prevClose: inQuote(raw.prevClose, first - 1),
      firstOpen: firstTraded === undefined ? null : inQuote(raw.firstOpen, firstTraded),
      timestamps: q.timestamps,
    });
  }

  async function volume24h(
    chain: ChainId,
    markets: string[],
  ): Promise<Map<string, { native: number; usd: number | null }>> {
    if (markets.length === 0) return new Map();
    const since = Math.floor((now() - DAY_MS) / 1000);
    const { rows } = await db.query<{ market: string; vol: string; usd: string | null }>(
      `select c.market, sum(c.volume_native) as vol, sum(c.volume_usd) as usd from candle_buckets c
       where c.market = any($1::text[]) and c.resolution_s = 60 and c.bucket_start >= $2 group by c.market`,
      [markets, Math.ceil(since / 60) * 60],
    );
    const spotUsd = chainFamily(chain) === "evm" ? await spot(chain) : null;
    return new Map(
      rows.map((r) => [
        r.market,
        {
          native: Number(r.vol),
          usd:
            chainFamily(chain) === "evm"
              ? spotUsd === null
                ? null
                : Number(r.vol) * spotUsd
              : r.usd === null
                ? null
                : Number(r.usd),
        },
      ]),
    );
  }

  const api: MarketQueries = {
    async tokenSnapshot({ chain, address }: MarketRef) {
      const key = marketKey(chain, address);
      // with cached answers, drops those valued at a rate that moved since (the read below reads the rate too)
      if (tokenTtl > 0) await spot(chain);
      return snapshots.get(
        key,
        async () => {
          const nowMs = now();
          const state = await readTokenState(db, chain, address, nowMs);
          noteSpot(chain, state.spotUsd);
          if (!state.facts && state.pools.length === 0) {
            throw new NotFoundError(`unknown token ${address} on ${chain}`, { chain, address });
          }
          const best = state.pools.find((p) => p.address === state.facts?.bestPool) ?? state.pools[0] ?? null;
          const core: TokenCore = {
            facts: state.facts,
            pools: state.pools,
            best,
            liquidityNative: sumLiquidity(state.pools),
            spotUsd: state.spotUsd,
          };
          const f = priceFigures(core);
          const launchpadPool = launchpadPoolOf(core.pools);
          const symbol = core.facts?.symbol ?? core.best?.token.symbol ?? null;
          const window = state.window;
          /** One market's figures: from the shard's memory when owned, else the snapshot row, else the trades. */
          const marketStats = async (one: ReadWindowStatsInput) => {
            if (hotWindows && feed?.owns(key)) {
              const hot = await hotWindows.figures(one);
              if (hot) return hot;
            }
            const market = one.markets[0];
            const listed = core.pools.find((p) => p.market === market);
            // a market the row does not hold may have traded before the row was built for it
            const held =
              window !== null &&
              market !== undefined &&
              (window.m[market] !== undefined || !listed || listed.lastTradeAt === null);
            return (held ? await readSnapshotWindowStats(db, window, one) : null) ?? readWindowStats(db, one);
          };
          const athOf = (market: string) => {
            const held = window?.m[market];
            return held ? Promise.resolve(held.a) : readPriceAth(db, market);
          };
          const [stats, priceAth] = await Promise.all([
            readTokenWindowTotals(
              {
                chain,
                markets: core.pools,
                priceMarket: core.best?.market ?? null,
                windows: ["24h"],
                nowMs,
                spotUsd: core.spotUsd,
              },
              marketStats,
            ),
            core.best ? athOf(core.best.market) : Promise.resolve(null),
          ]);
          const s24 = stats["24h"];
          const createdAt =
            launchpadPool?.createdAt ??
            core.facts?.createdAt ??
            core.pools.reduce<number | null>(
              (m, p) => (p.createdAt !== null && (m === null || p.createdAt < m) ? p.createdAt : m),
              null,
            );
          const snapshot: TokenSnapshot = {
            chain,
            address,
            name: core.facts?.name ?? best?.token.name ?? null,
            symbol,
            decimals: core.facts?.decimals ?? best?.token.decimals ?? null,
            nameRank: core.facts?.symbolRank ?? null,
            totalSupply: f.supply,
            priceNative: f.priceNative,
            priceUsd: f.priceUsd,
            marketCapUsd: f.marketCapUsd,
            fdvUsd: f.fdvUsd,
            liquidityNative: core.liquidityNative,
            liquidityUsd: f.liquidityUsd,
            // the best pool's, as ingest keeps them (wick-clamped), never a side pool's stray print
            priceNativeAth: decimalString(priceAth),
            liquidityNativeAth: decimalString(best?.liquidityNativeAth ?? null),
            pool: best
              ? {
                  address: best.address,
                  type: best.venueType,
                  quoteAddress: best.quoteAddress,
                  quoteSymbol: best.quote.symbol,
                  factory: best.factory,
                  createdAt: best.createdAt,
                }
              : null,
            launchpad: launchpadPool ? toTokenLaunchpad(launchpadPool) : null,
            deployer: launchpadPool?.creator ?? core.facts?.deployer ?? null,
            createdAt,
            stats24h: {
              volumeNative: s24?.volumeNative ?? 0,
              volumeUsd: s24?.volumeUsd ?? null,
              buys: s24?.buys ?? 0,
              sells: s24?.sells ?? 0,
              priceChangePct: s24?.priceChangePct ?? null,
            },
            metadata: toTokenMetadata(core.facts?.metadata ?? {}),
          };
          return snapshot;
        },
        life(tokenTtl, key, [key, usdTag(chain)]),
      );
    },

    async tokenPrice({ chain, address, after }) {
      // A caller that saw market events (the stream hub) gets figures that reflect them: once
      // this shard applied them, or read from the store when it cannot tell soon.
      if (after && after.length > 0 && !(await feed?.handled(after, AFTER_EVENTS_WAIT_MS)))
        cores.invalidate(marketKey(chain, address));
      const core = await requireToken(chain, address);
      const f = priceFigures(core);
      return {
        chain,
        address,
        priceNative: f.priceNative,
        priceUsd: f.priceUsd,
        marketCapUsd: f.marketCapUsd,
        liquidityUsd: f.liquidityUsd,
        poolAddress: core.best?.address ?? null,
        updatedAt: core.best?.lastTradeAt ?? null,
      };
    },

    async tokenPools({ chain, address, limit }) {
      const core = await requireToken(chain, address);
      const vols = await volume24h(
        chain,
        core.pools.map((p) => p.market),
      );
      const rest = core.pools
        .filter((p) => p !== core.best)
        .sort((a, b) => {
          const va = vols.get(a.market)?.native ?? 0;
          const vb = vols.get(b.market)?.native ?? 0;
          if (va !== vb) return vb - va;
          return Number(b.liquidityNative ?? -1) - Number(a.liquidityNative ?? -1);
        });
      const ordered = core.best ? [core.best, ...rest] : rest;
      return ordered.slice(0, limit).map(
        (p, i): TokenPoolRow => ({
          rank: i + 1,
          chain,
          address: p.address,
          type: p.venueType,
          factory: p.factory,
          exchange: p.exchangeName,
          quoteAddress: p.quoteAddress,
          quoteSymbol: p.quote.symbol,
          priceNative: decimalString(p.priceNative),
          priceUsd: usd(p.priceNative, core.spotUsd),
          liquidityNative: decimalString(p.liquidityNative),
          liquidityUsd: usd(p.liquidityNative, core.spotUsd),
          volume24hNative: vols.get(p.market)?.native ?? 0,
          volume24hUsd: vols.has(p.market) ? (vols.get(p.market)?.usd ?? null) : 0,
          isLaunchpad: p.isLaunchpad,
          migrated: p.migrated,
          createdAt: p.createdAt,
          lastTradeAt: p.lastTradeAt,
        }),
      );
    },

    async tokenStats({ chain, address, pools, windows }) {
      const core = await requireToken(chain, address);
      const chosen = pools && pools.length > 0 ? await tokenPoolsParam(chain, address, pools) : null;
      const nowMs = now();
      // Only the markets that traded since the oldest window's start add anything (their last
      // trade time says so): a token trading on one market reads one shard on Citus.
      const oldest = nowMs - Math.max(0, ...windows.map((w) => STATS_WINDOW_MS[w]));
      const markets = (
        chosen ?? core.pools.filter((p) => p.lastTradeAt !== null && p.lastTradeAt > oldest)
      ).map((p) => p.market);
      const priceMarkets = chosen ? markets : core.best ? [core.best.market] : [];
      const stats = await windowStats(marketKey(chain, address), {
        chain,
        markets,
        // token-wide, the store reads the same trades from the token's own copy (one shard)
        ...(chosen ? {} : { token: address }),
        priceMarkets,
        windows,
        nowMs,
        spotUsd: core.spotUsd,
      });
      return {
        chain,
        address,
        pools: (chosen ?? core.pools).map((p) => p.address),
        usdBasis: chainFamily(chain) === "solana" ? "trade" : "spot",
        windows: stats,
      };
    },

    async poolDefinition({ chain, address }): Promise<MarketDefinition> {
      return definitionOf(await requirePool(chain, address));
    },

    async poolData({ chain, address, windows }) {
      const p = await requirePool(chain, address);
      const spotUsd = await spot(chain);
      const stats = await windowStats(p.market, {
        chain,
        markets: [p.market],
        priceMarkets: [p.market],
        windows,
        nowMs: now(),
        spotUsd,
      });
      const priceUsd = usd(p.priceNative, spotUsd);
      const liquidityUsd = usd(p.liquidityNative, spotUsd);
      const supply = wholeSupply(p.token.totalSupply, p.token.decimals);
      return {
        chain,
        address,
        tokenAddress: p.tokenAddress,
        quoteAddress: p.quoteAddress,
        priceNative: decimalString(p.priceNative),
        priceUsd,
        liquidityNative: decimalString(p.liquidityNative),
        liquidityUsd,
        marketCapUsd: capMarketValue(
          priceUsd === null || supply === null ? null : priceUsd * Number(supply),
          liquidityUsd,
        ),
        lastTradeAt: p.lastTradeAt,
        usdBasis: chainFamily(chain) === "solana" ? "trade" : "spot",
        windows: stats,
      };
    },

    async poolTrades(q: TradeQuery) {
      const p = await requirePool(q.chain, q.address);
      const { chain: _c, address: _a, pools: _p, ...rest } = q;
      const spotUsd = await spot(q.chain);
      return tradePages.get(
        JSON.stringify(["pool", p.market, rest]),
        async () =>
          labelled(
            q.chain,
            p.tokenAddress,
            await readTradePage(
              db,
              {
                ...rest,
                scope: { chain: q.chain, markets: [p.market] },
                token: p.tokenAddress,
                spotUsd,
                ...scanOpt,
              },
              pageFacts,
            ),
          ),
        life(tradeTtl, p.market, [p.market, usdTag(q.chain)]),
      );
    },

    async tokenTrades(q: TradeQuery) {
      const { chain, address, pools, ...rest } = q;
      const key = marketKey(chain, address);
      let scope: { chain: ChainId; markets: string[] } | { chain: ChainId; token: string };
      const tags = [key, usdTag(chain)];
      if (pools && pools.length > 0) {
        const rows = await tokenPoolsParam(chain, address, pools);
        scope = { chain, markets: rows.map((r) => r.market) };
        tags.push(...scope.markets);
      } else {
        await requireToken(chain, address);
        // the token's own copy of its trades, whatever its markets: one shard on Citus (README)
        scope = { chain, token: address };
      }
      const spotUsd = await spot(chain);
      return tradePages.get(
        JSON.stringify(["token", scope, rest]),
        async () =>
          labelled(
            chain,
            address,
            await readTradePage(db, { ...rest, scope, token: address, spotUsd, ...scanOpt }, pageFacts),
          ),
        life(tradeTtl, key, tags),
      );
    },

    async poolOhlcv(q: CandleQuery) {
      const p = await requirePool(q.chain, q.address);
      return candles(q.chain, p.market, [p.market], [p.address], q);
    },

    async tokenOhlcv(q: TokenCandleQuery) {
      if (isEvm(q.chain) && q.address === EVM_NATIVE) {
        throw new InvalidParamError(
          "address",
          "the EVM native coin has no market: ask for the candles of a pool or a token",
        );
      }
      let chosen: PoolRow[];
      if (q.pools && q.pools.length > 0) {
        chosen = await tokenPoolsParam(q.chain, q.address, q.pools);
      } else {
        const core = await requireToken(q.chain, q.address);
        if (!core.best) throw new NotFoundError(`token ${q.address} on ${q.chain} has no market`);
        // A graduated token's bonding curve holds its history before migration: stitch it in front.
        const curves = core.pools.filter((p) => p.isLaunchpad && p.migrated && p !== core.best);
        chosen = [...curves, core.best];
      }
      return candles(
        q.chain,
        marketKey(q.chain, q.address),
        chosen.map((p) => p.market),
        chosen.map((p) => p.address),
        q,
      );
    },

    async poolSparkline(q: SparklineQuery) {
      const pool = await poolRow(q.chain, q.address);
      if (!pool) return unknownSparkline(q);
      return sparkline(q.chain, pool, q);
    },

    async tokenSparkline(q: SparklineQuery) {
      const core = await tokenCore(q.chain, q.address);
      if (!core.facts && core.pools.length === 0) return unknownSparkline(q);
      return sparkline(q.chain, core.best, q);
    },

    async nativePrices() {
      return nativePricesCache.get("all", () => readNativePrices(db, now()));
    },
  };
  // Windowed figures read the store on every call; an owned key's are kept until an event.
  const { tokenPools, tokenStats, poolData } = api;
  const remembered = <T>(
    key: unknown[],
    owner: string,
    tags: string[],
    chain: ChainId,
    compute: () => Promise<T>,
  ) =>
    spot(chain).then(() =>
      answers.get(JSON.stringify(key), compute, {
        tags: [...tags, usdTag(chain)],
        ttlMs: tokenTtl > 0 && feed?.owns(owner) ? Math.max(hotTtl, tokenTtl) : 0,
      }),
    ) as Promise<T>;
  api.tokenPools = (q) => {
    const key = marketKey(q.chain, q.address);
    return remembered(["tokenPools", key, q.limit], key, [key], q.chain, () => tokenPools(q));
  };
  api.tokenStats = (q) => {
    const key = marketKey(q.chain, q.address);
    const pools = (q.pools ?? []).map((p) => marketKey(q.chain, p));
    return remembered(["tokenStats", key, pools, q.windows], key, [key, ...pools], q.chain, () =>
      tokenStats(q),
    );
  };
  api.poolData = (q) => {
    const key = marketKey(q.chain, q.address);
    return remembered(["poolData", key, q.windows], key, [key], q.chain, () => poolData(q));
  };
  return api;
}
