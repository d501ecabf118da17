import {
  type ChainId,
  closedPositionOrder,
  equityPointTimes,
  isEvm,
  nativeAddress,
  type PortfolioQueries,
  SOLANA_LAMPORTS_TOKEN,
  SOLANA_NATIVE_MINT,
  type WalletClosedPositionRow,
} from "@tapeline/core";
import { createTtlCache } from "../market/createTtlCache.ts";
import type { MarketDb } from "../market/MarketDb.ts";
import { readUsdRates } from "../market/readUsdRates.ts";
import { USD_RATE_MAX_AGE_MS } from "../market/usdRateMaxAgeMs.ts";
import { readLaunchLabels, type TokenLaunch } from "../traders/readLaunchLabels.ts";
import { readSwapMinuteRates } from "../wallet/readSwapMinuteRates.ts";
import { buildClosedPositionRows } from "./buildClosedPositionRows.ts";
import { buildEquityPoints } from "./buildEquityPoints.ts";
import { buildPnlCurve, DAY_MS, type DailyCloses } from "./buildPnlCurve.ts";
import { buildPositionRows, pagePositions, type TokenValue } from "./buildPositionRows.ts";
import type { EvmPoolReader } from "./createEvmPoolReader.ts";
import { NodeUnavailableError } from "./createNodeRpc.ts";
import { type CostBasis, type CostTrade, foldCostBasis } from "./foldCostBasis.ts";
import type { Holdings, HoldingsReader } from "./HoldingsReader.ts";
import { labelPositionRows } from "./labelPositionRows.ts";
import { saleMethodOf } from "./MainPool.ts";
import { readBalanceHistory, readCurrentBalances, readNativeKnownFrom } from "./readBalanceHistory.ts";
import { readDailyCloses } from "./readDailyCloses.ts";
import { readMinuteCloses } from "./readMinuteCloses.ts";
import { readChainFacts, readMainPools, readPortfolioTokens } from "./readPortfolioFacts.ts";
import { readWalletTradeEvents, type WalletTradeEvent } from "./readWalletTradeEvents.ts";
import { saleProceedsUsd } from "./saleProceedsUsd.ts";
import { SOLANA_STABLECOINS } from "./solanaStablecoins.ts";

/** The node access of one chain: its holdings reader and, on EVM, its pool reader. */
export type ChainNode = { holdings: HoldingsReader; pools: EvmPoolReader | null };

export type PortfolioQueriesOptions = {
  db: MarketDb;
  /** the node of a chain, null when none is configured (positions then answer unavailable) */
  nodeOf: (chain: ChainId) => ChainNode | null;
  /** how long read holdings are reused (a trade of the wallet drops them sooner). @defaultValue 5000 */
  holdingsTtlMs?: number;
  /**
   * how long a wallet's trade events (and their minute rates) are reused; a trade of the wallet
   * drops them sooner. @defaultValue 5000
   */
  eventsTtlMs?: number;
  /** how long a closed-positions snapshot is served to every page. @defaultValue 60000 */
  closedTtlMs?: number;
  /** Retry-After of a node failure. @defaultValue 2000 */
  retryAfterMs?: number;
  now?: () => number;
};

/** A wallet's trades per token valued at one USD basis (read only: kept and shared), and their fold. */
type CostBook = {
  spotUsd: number | null;
  byToken: ReadonlyMap<string, readonly CostTrade[]>;
  bases: ReadonlyMap<string, CostBasis>;
};
/** A wallet's trade events with their minute rates, and their fold at the USD basis it was made at. */
type KeptEvents = {
  events: WalletTradeEvent[];
  rates: (number | null)[];
  folded: CostBook | null;
};
type CachedHoldings = { holdings: Holdings; read: ReadonlySet<string> };
type ClosedSnapshot = { rows: WalletClosedPositionRow[]; asOf: number };

/**
 * The portfolio read API of a query shard (see README.md): a wallet's trades folded into cost
 * bases, its holdings read from the chain's node (kept `holdingsTtlMs`, dropped by
 * {@link PortfolioQueriesHandle.forget} when the wallet trades), valued against each token's
 * main pool.
 */
export type PortfolioQueriesHandle = PortfolioQueries & {
  /** drops what is kept of a wallet (its holdings, trade events and closed-positions snapshot) */
  forget(chain: ChainId, wallet: string): void;
};

export function createPortfolioQueries(opts: PortfolioQueriesOptions): PortfolioQueriesHandle {
  const { db } = opts;
  const now = opts.now ?? Date.now;
  const retryAfterMs = opts.retryAfterMs ?? 2000;
  const held = createTtlCache<CachedHoldings>({ ttlMs: opts.holdingsTtlMs ?? 5000, max: 10_000, now });
  const closed = createTtlCache<ClosedSnapshot>({ ttlMs: opts.closedTtlMs ?? 60_000, max: 10_000, now });
  // the chain's native coin and stablecoin registry, which operators change rarely
  const chainFacts = createTtlCache<Awaited<ReturnType<typeof readChainFacts>>>({
    ttlMs: 5000,
    max: 64,
    now,
  });
  // a wallet's trade events, bounded by their count (a heavy trader's history is kept once), with
  // their fold at the USD basis it was made at (the spot rate on EVM)
  const tradeEvents = createTtlCache<KeptEvents>({
    ttlMs: opts.eventsTtlMs ?? 5000,
    max: 10_000,
    maxWeight: 2_000_000,
    weigh: (v) => v.events.length + 1,
    now,
  });
  const spots = createTtlCache<number | null>({ ttlMs: 1000, max: 64, now });
  const launches = createTtlCache<TokenLaunch | null>({ ttlMs: 10_000, max: 5_000, now });
  const spot = (chain: ChainId) =>
    spots.get(
      chain,
      async () => (await readUsdRates(db, chain, [{ atMs: now(), notBeforeMs: 0 }]))[0] ?? null,
    );

  async function holdingsOf(chain: ChainId, wallet: string, reader: HoldingsReader, tokens: string[]) {
    const key = `${chain}/${wallet}`;
    const load = async (): Promise<CachedHoldings> => ({
      holdings: await reader.read(wallet, tokens),
      read: new Set(tokens),
    });
    const hit = await held.get(key, load);
    if (tokens.every((t) => hit.read.has(t))) return hit.holdings;
    held.delete(key);
    return (await held.get(key, load)).holdings;
  }

  /** The wallet's trade events and their minute rates, kept `eventsTtlMs`. */
  function keptEvents(chain: ChainId, wallet: string): Promise<KeptEvents> {
    return tradeEvents.get(`${chain}/${wallet}`, async () => {
      const events = await readWalletTradeEvents(db, chain, wallet);
      const rates = await readSwapMinuteRates(
        db,
        chain,
        events.map((e) => e.at),
      );
      return { events, rates, folded: null };
    });
  }

  /**
   * The wallet's trades per token, oldest first, values in USD by the chain's basis, and their
   * fold; kept with the events and made again when the spot rate (EVM) has moved.
   */
  async function costBook(chain: ChainId, wallet: string): Promise<CostBook> {
    const [kept, spotUsd] = await Promise.all([
      keptEvents(chain, wallet),
      isEvm(chain) ? spot(chain) : Promise.resolve(null),
    ]);
    if (kept.folded && kept.folded.spotUsd === spotUsd) return kept.folded;
    const byToken = new Map<string, CostTrade[]>();
    kept.events.forEach((e: WalletTradeEvent, i) => {
      const minuteUsd = kept.rates[i] ?? null;
      // usdBasis: EVM values at the current native price, Solana at the trade's minute; fees at the
      // transaction's minute on both
      const valueUsd = isEvm(chain) ? spotUsd : minuteUsd;
      const list = byToken.get(e.token) ?? [];
      list.push({
        at: e.at,
        isBuy: e.isBuy,
        amount: e.amount,
        valueNative: e.valueNative,
        valueUsd: e.valueNative === null || valueUsd === null ? null : e.valueNative * valueUsd,
        feeNative: e.feeNative,
        feeUsd: e.feeNative === null || minuteUsd === null ? null : e.feeNative * minuteUsd,
      });
      byToken.set(e.token, list);
    });
    const bases = new Map([...byToken].map(([token, trades]) => [token, foldCostBasis(trades)]));
    kept.folded = { spotUsd, byToken, bases };
    return kept.folded;
  }

  return {
    forget(chain, wallet) {
      held.delete(`${chain}/${wallet}`);
      closed.delete(`${chain}/${wallet}`);
      tradeEvents.delete(`${chain}/${wallet}`);
    },

    async walletPositions(q) {
      const node = opts.nodeOf(q.chain);
      if (!node)
        return {
          unavailable: { retryAfterMs, reason: `no node is configured to read holdings on ${q.chain}` },
        };
      const evm = isEvm(q.chain);
      const [{ byToken: trades, bases }, facts, nativeUsd] = await Promise.all([
        costBook(q.chain, q.wallet),
        chainFacts.get(q.chain, () => readChainFacts(db, q.chain)),
        spot(q.chain),
      ]);
      const stablecoins = new Map(facts.stablecoins);
      if (!evm) for (const [mint, symbol] of SOLANA_STABLECOINS) stablecoins.set(mint, symbol);
      const toRead = evm ? [...new Set([...bases.keys(), ...stablecoins.keys(), ...(q.tokens ?? [])])] : [];
      let holdings: Holdings;
      try {
        holdings = await holdingsOf(
          q.chain,
          q.wallet,
          node.holdings,
          toRead.filter((t) => t !== nativeAddress(q.chain)),
        );
      } catch (err) {
        if (err instanceof NodeUnavailableError)
          return { unavailable: { retryAfterMs, reason: err.message } };
        throw err;
      }
      const valued = [...new Set([...bases.keys(), ...holdings.tokens.keys()])].filter(
        (t) => !q.tokens || q.tokens.includes(t),
      );
      const tokenFacts = readPortfolioTokens(db, q.chain, valued);
      const [tokens, pools] = await Promise.all([tokenFacts, readMainPools(db, q.chain, valued, tokenFacts)]);
      const quoteAddresses = [...new Set([...pools.values()].map((p) => p.quoteAddress))].filter(
        (a) => !tokens.has(a),
      );
      const quotes = await readPortfolioTokens(db, q.chain, quoteAddresses);
      // an unregistered chain's native coin: ETH-like on EVM, SOL on Solana
      const nativeDecimals = facts.native?.decimals ?? (evm ? 18 : 9);
      const values = new Map<string, TokenValue>();
      try {
        // EVM pairs are priced on the node's reserves at the holdings' block, read in one batch
        const pairs = valued
          .filter((a) => (holdings.tokens.get(a)?.raw ?? 0n) > 0n)
          .map((a) => pools.get(a))
          .filter((p) => p !== undefined && saleMethodOf(p, evm ? "evm" : "solana") === "constantProduct")
          .map((p) => p!.address);
        const pairReserves =
          node.pools && holdings.block && pairs.length > 0
            ? await node.pools.reserves(pairs, holdings.block)
            : new Map<string, [bigint, bigint]>();
        await Promise.all(
          valued.map(async (address) => {
            const pool = pools.get(address);
            const balance = holdings.tokens.get(address)?.raw ?? 0n;
            const decimals = tokens.get(address)?.decimals ?? holdings.tokens.get(address)?.decimals ?? null;
            if (!pool || decimals === null) return;
            const currentPriceUsd =
              pool.priceNative !== null && pool.priceNative > 0 && nativeUsd !== null
                ? pool.priceNative * nativeUsd
                : null;
            const reservesUsd =
              pool.liquidityNative !== null && nativeUsd !== null ? pool.liquidityNative * nativeUsd : null;
            const quoteIsNative =
              pool.quoteAddress === nativeAddress(q.chain) || pool.quoteAddress === SOLANA_NATIVE_MINT;
            const quoteUsd = stablecoins.has(pool.quoteAddress)
              ? 1
              : quoteIsNative
                ? nativeUsd
                : pool.priceNative !== null &&
                    pool.priceQuote !== null &&
                    pool.priceQuote > 0 &&
                    nativeUsd !== null
                  ? (pool.priceNative / pool.priceQuote) * nativeUsd
                  : null;
            const quoteDecimals = quoteIsNative
              ? nativeDecimals
              : (tokens.get(pool.quoteAddress)?.decimals ?? quotes.get(pool.quoteAddress)?.decimals ?? null);
            const method = saleMethodOf(pool, evm ? "evm" : "solana");
            const reserves = method === "constantProduct" ? (pairReserves.get(pool.address) ?? null) : null;
            const priced = reserves ? { ...pool, reserve0: reserves[0], reserve1: reserves[1] } : pool;
            const concentratedOut =
              method === "concentrated" && node.pools && balance > 0n && holdings.block
                ? await node.pools.quote(
                    {
                      venueType: pool.venueType,
                      address: pool.address,
                      factory: pool.factory,
                      createdBlock: pool.createdBlock,
                    },
                    balance,
                    pool.token0 === pool.tokenAddress,
                    holdings.block,
                  )
                : null;
            const amountUsd =
              balance === 0n
                ? 0
                : saleProceedsUsd({
                    method,
                    pool: priced,
                    amountRaw: balance,
                    tokenDecimals: decimals,
                    quoteDecimals,
                    quoteUsd,
                    nativeUsd,
                    concentratedOut,
                  });
            values.set(address, { amountUsd, currentPriceUsd, reservesUsd });
          }),
        );
      } catch (err) {
        if (err instanceof NodeUnavailableError)
          return { unavailable: { retryAfterMs, reason: err.message } };
        throw err;
      }
      const built = buildPositionRows(
        {
          chain: q.chain,
          wallet: q.wallet,
          holdings,
          bases,
          tokens,
          values,
          stablecoins,
          native: {
            address: nativeAddress(q.chain),
            symbol: facts.native?.symbol ?? (evm ? "ETH" : "SOL"),
            decimals: nativeDecimals,
            usd: nativeUsd,
          },
        },
        q,
      );
      const page = pagePositions(built, q);
      await labelPositionRows(db, page.data, {
        chain: q.chain,
        wallet: q.wallet,
        trades,
        deployerOf: (t) => tokens.get(t)?.deployer ?? null,
        launchOf: (t) => launches.get(`${q.chain}/${t}`, () => readLaunchLabels(db, q.chain, t)),
        now: now(),
      });
      return { ...page, asOf: holdings.asOf };
    },

    async walletClosedPositions(q) {
      const snapshot = await closed.get(`${q.chain}/${q.wallet}`, async () => {
        const asOf = now();
        const { bases } = await costBook(q.chain, q.wallet);
        const tokens = await readPortfolioTokens(db, q.chain, [...bases.keys()]);
        return { asOf, rows: buildClosedPositionRows(q.chain, nativeAddress(q.chain), bases, tokens) };
      });
      const only = q.tokens ? new Set(q.tokens) : null;
      const rows = only ? snapshot.rows.filter((r) => only.has(r.address)) : snapshot.rows;
      const sorted = [...rows].sort(closedPositionOrder(q.sort));
      return { data: sorted.slice(0, q.take), asOf: snapshot.asOf, total: sorted.length };
    },

    async walletPnl(q) {
      const asOf = now();
      const evm = isEvm(q.chain);
      // a copy: the kept book is shared
      const trades = new Map((await costBook(q.chain, q.wallet)).byToken);
      // the native coin traded as a pool's base carries no PnL (as on positions)
      trades.delete(nativeAddress(q.chain));
      const addresses = [...trades.keys()];
      const tokenFacts = readPortfolioTokens(db, q.chain, addresses);
      const [tokens, pools] = await Promise.all([
        tokenFacts,
        readMainPools(db, q.chain, addresses, tokenFacts),
      ]);
      const byMarket = await readDailyCloses(
        db,
        [...pools.values()].map((p) => p.market),
        q.fromDay,
        q.toDay,
      );
      const closes = new Map<string, DailyCloses>();
      for (const [token, pool] of pools) {
        const c = byMarket.get(pool.market);
        if (c) closes.set(token, c);
      }
      let usdAtClose: (day: number) => number | null;
      if (evm) {
        const spotUsd = await spot(q.chain);
        usdAtClose = () => spotUsd;
      } else {
        // the SOL/USD of each day's close (the request's time for the day in progress)
        const ends = [];
        for (let d = q.fromDay; d <= q.toDay; d += DAY_MS) ends.push(Math.min(d + DAY_MS - 1, asOf));
        const rates = await readUsdRates(
          db,
          q.chain,
          ends.map((at) => ({ atMs: at, notBeforeMs: at - USD_RATE_MAX_AGE_MS })),
        );
        usdAtClose = (day) => rates[(day - q.fromDay) / DAY_MS] ?? null;
      }
      const curve = buildPnlCurve({
        trades,
        decimals: new Map(addresses.map((a) => [a, tokens.get(a)?.decimals ?? null])),
        closes,
        usdAtClose,
        fromDay: q.fromDay,
        toDay: q.toDay,
      });
      return { ...curve, asOf, usdBasis: evm ? "spot" : "trade" };
    },

    async walletEquityHistory(q) {
      const asOf = now();
      const points = equityPointTimes(q);
      const [history, current, facts, nativeKnownFrom] = await Promise.all([
        readBalanceHistory(db, q.chain, q.wallet, points[0]!, points.at(-1)! + 60_000, q.stepMs),
        readCurrentBalances(db, q.chain, q.wallet),
        chainFacts.get(q.chain, () => readChainFacts(db, q.chain)),
        isEvm(q.chain) ? null : readNativeKnownFrom(db, q.chain, q.wallet),
      ]);
      const stablecoins = new Set(facts.stablecoins.keys());
      if (!isEvm(q.chain)) for (const mint of SOLANA_STABLECOINS.keys()) stablecoins.add(mint);
      // wrapped SOL is the native coin at face value; EVM wrapped native is priced by its pools
      const nativeMint = isEvm(q.chain) ? null : SOLANA_NATIVE_MINT;
      const held = new Set<string>();
      for (const [t, b] of [...history.opening, ...current]) if (b > 0n) held.add(t);
      for (const c of history.changes) if (c.balance > 0n) held.add(c.token);
      // the wallet's own lamports (Solana), valued as SOL like wrapped SOL
      const isNative = (t: string) =>
        t === nativeMint || (nativeMint !== null && t === SOLANA_LAMPORTS_TOKEN);
      const priced = [...held].filter((t) => !stablecoins.has(t) && !isNative(t));
      const tokenFacts = readPortfolioTokens(db, q.chain, [...held]);
      const [tokens, pools, rates, spotUsd] = await Promise.all([
        tokenFacts,
        readMainPools(db, q.chain, priced, tokenFacts),
        readUsdRates(
          db,
          q.chain,
          points.map((at) => ({ atMs: at, notBeforeMs: at - USD_RATE_MAX_AGE_MS })),
        ),
        spot(q.chain),
      ]);
      const closes = new Map(
        await Promise.all(
          [...pools].map(
            async ([token, pool]) => [token, await readMinuteCloses(db, pool.market, points)] as const,
          ),
        ),
      );
      const decimals = (t: string) =>
        tokens.get(t)?.decimals ?? (isNative(t) ? (facts.native?.decimals ?? 9) : null);
      /** USD per whole token from its price in native and the native coin's USD (both may be unknown). */
      const unit = (token: string, native: number | null, nativeUsd: number | null): number | null => {
        if (stablecoins.has(token)) return 1;
        if (nativeUsd === null) return null;
        if (isNative(token)) return nativeUsd;
        return native === null ? null : native * nativeUsd;
      };
      const series = buildEquityPoints({
        points,
        opening: history.opening,
        changes: history.changes,
        decimals,
        unitUsd: (t, i) => unit(t, closes.get(t)?.[i] ?? null, rates[i] ?? null),
      });
      // now: the latest recorded balances at each main pool's last price and the latest native rate
      const latest = buildEquityPoints({
        points: [asOf],
        opening: current,
        changes: [],
        decimals,
        unitUsd: (t) => unit(t, pools.get(t)?.priceNative ?? null, spotUsd),
      });
      return {
        points: points.map((at, i) => ({ at, valueUsd: series.values[i]! })),
        currentValueUsd: latest.values[0]!,
        asOf,
        unvaluedTokens: [...new Set([...series.unvalued, ...latest.unvalued])].sort(),
        partialPoints: series.partialPoints,
        nativeKnownFrom,
        nativeIncluded: nativeKnownFrom !== null && nativeKnownFrom < points[0]! + 60_000,
      };
    },
  };
}
