import {
  type Bus,
  type ChainId,
  chainFamily,
  createRollingMarketStats,
  type MarketEvent,
  type MarketFacts,
  marketKey,
  type RollingMarketStats,
  selectNewest,
  selectUniverse,
  subscribeMarketEvents,
  type UniverseSnapshot,
  type UniverseStore,
} from "@tapeline/core";
import type pg from "pg";
import type { Logger } from "pino";
import { toStatsTrade } from "./toStatsTrade.ts";

/** A chain the universe is computed for, with the tokens whose markets it leaves out. */
export type UniverseChain = {
  chain: ChainId;
  /** stablecoins, the native coin and its wrapped form (lowercase on EVM) */
  excludedTokens: string[];
};

/** Keeps each chain's windowed stats hot and computes its universe on demand (the repeatable job). */
export type UniverseRefresher = {
  /** Seeds the stats from the last 24 h of trades, then follows the bus. */
  start(): Promise<void>;
  /** One computation of a chain's universe, stored as its next version. */
  refresh(chain: ChainId): Promise<UniverseSnapshot>;
  close(): Promise<void>;
};

const DAY = 86_400_000;

type ChainState = {
  cfg: UniverseChain;
  excluded: Set<string>;
  stats: RollingMarketStats;
  facts: Map<string, MarketFacts>;
  marketsByToken: Map<string, Set<string>>;
  tokenFacts: Map<
    string,
    { name: string | null; symbol: string | null; decimals: number | null; supply: string | null }
  >;
  poolsSeen: number;
  tokensSeen: number;
};

/**
 * The universe's I/O around the pure parts of core: the rolling stats are seeded from Postgres
 * and fed by the `trades.<chain>` topic; market facts (pools with their tokens) are read once,
 * then only rows updated since the last read; each refresh selects the universe and stores it
 * as a versioned snapshot.
 */
export function createUniverseRefresher(deps: {
  pool: pg.Pool;
  bus: Bus;
  store: UniverseStore;
  chains: UniverseChain[];
  logger: Logger;
  now?: () => number;
}): UniverseRefresher {
  const now = deps.now ?? Date.now;
  const states = new Map<ChainId, ChainState>();
  const subscriptions: { close(): Promise<void> }[] = [];
  for (const cfg of deps.chains) {
    states.set(cfg.chain, {
      cfg,
      excluded: new Set(cfg.excludedTokens),
      stats: createRollingMarketStats(),
      facts: new Map(),
      marketsByToken: new Map(),
      tokenFacts: new Map(),
      poolsSeen: 0,
      tokensSeen: 0,
    });
  }

  /** SOL/USD of a minute: its own rate, else the latest before it (as market reads value trades). */
  const rateAt = (rates: ReadonlyMap<number, number>, at: number): number | null => {
    const minute = Math.floor(at / 60_000) * 60_000;
    for (let m = minute; m > minute - 60 * 60_000; m -= 60_000) {
      const r = rates.get(m);
      if (r !== undefined) return r;
    }
    return null;
  };

  /** A market's last 24 h of stored trades, in time order (all markets of the chain when null). */
  const readTrades = async (s: ChainState, pool: string | null, since: number) => {
    const solana = chainFamily(s.cfg.chain) === "solana";
    const rates = new Map<number, number>();
    if (solana) {
      const { rows } = await deps.pool.query<{ minute: string; price_usd: string }>(
        "select minute, price_usd from native_prices where chain_id = $1 and minute >= $2",
        [s.cfg.chain, since - 3_600_000],
      );
      for (const r of rows) rates.set(Number(r.minute), Number(r.price_usd));
    }
    const { rows } = await deps.pool.query<{
      id: string;
      pool_address: string;
      at: string;
      is_buy: boolean;
      maker: string;
      volume_native: string | null;
      fees_native: string | null;
      price_native: string | null;
      is_wash: boolean | null;
    }>(
      `select id, pool_address, at, is_buy, maker, volume_native, fees_native, price_native, is_wash
       from trades where chain_id = $1 and at > $2 ${pool === null ? "" : "and market = $3"} order by at`,
      pool === null ? [s.cfg.chain, since] : [s.cfg.chain, since, marketKey(s.cfg.chain, pool)],
    );
    return rows.map((r) => {
      const at = Number(r.at);
      const volumeNative = r.volume_native === null ? null : Number(r.volume_native);
      const rate = solana ? rateAt(rates, at) : null;
      return {
        id: r.id,
        trade: toStatsTrade(s.cfg.chain, {
          at,
          isBuy: r.is_buy,
          maker: r.maker,
          priceNative: r.price_native === null ? null : Number(r.price_native),
          volumeNative,
          volumeUsd: volumeNative === null || rate === null ? null : volumeNative * rate,
          feesNative: r.fees_native === null ? null : Number(r.fees_native),
          isWash: solana ? (r.is_wash ?? false) : null,
          poolAddress: r.pool_address,
        }),
      };
    });
  };

  /** After a rollback a market's figures are rebuilt from what the store still holds. */
  const reseedMarket = async (s: ChainState, pool: string): Promise<void> => {
    const trades = await readTrades(s, pool, now() - DAY);
    s.stats.forget(marketKey(s.cfg.chain, pool));
    for (const t of trades) s.stats.add(t.trade);
  };

  const seed = async (s: ChainState): Promise<void> => {
    // Follow the bus first and hold its events until the store's 24 h are loaded, so no trade
    // falls between the two; the ones the store already held are then skipped by id.
    const held: MarketEvent[] = [];
    let seeded = false;
    const apply = async (e: MarketEvent): Promise<void> => {
      if (e.type === "trade") s.stats.add(toStatsTrade(s.cfg.chain, e.trade));
      else if (e.type === "rollback" && e.orphanedTradeIds.length > 0) await reseedMarket(s, e.pool);
    };
    const sub = await subscribeMarketEvents(deps.bus, { chains: [s.cfg.chain] }, async (e) => {
      if (!seeded) held.push(e);
      else await apply(e);
    });
    subscriptions.push(sub);
    const trades = await readTrades(s, null, now() - DAY);
    const ids = new Set<string>();
    for (const t of trades) {
      ids.add(`${t.trade.market}/${t.id}`);
      s.stats.add(t.trade);
    }
    // Events arriving while held ones are applied join the queue, so the hand-over loses none.
    for (let e = held.shift(); e; e = held.shift()) {
      if (e.type === "trade" && ids.has(`${e.market}/${e.trade.id}`)) continue;
      await apply(e);
    }
    seeded = true;
    deps.logger.info({ chain: s.cfg.chain, trades: trades.length }, "screener stats seeded");
  };

  const loadFacts = async (s: ChainState): Promise<void> => {
    const chain = s.cfg.chain;
    // Tokens first, so pools read next find their token facts; both read only what changed.
    const tokens = await deps.pool.query<{
      address: string;
      name: string | null;
      symbol: string | null;
      decimals: number | null;
      total_supply: string | null;
      updated_at: string;
    }>(
      `select address, name, symbol, decimals, total_supply::text, updated_at from tokens
       where chain_id = $1 and updated_at >= $2`,
      [chain, s.tokensSeen],
    );
    for (const t of tokens.rows) {
      s.tokenFacts.set(t.address, {
        name: t.name,
        symbol: t.symbol,
        decimals: t.decimals,
        supply: t.total_supply,
      });
      s.tokensSeen = Math.max(s.tokensSeen, Number(t.updated_at));
      for (const key of s.marketsByToken.get(t.address) ?? []) {
        const f = s.facts.get(key);
        if (f) s.facts.set(key, withToken(s, f));
        else s.marketsByToken.get(t.address)?.delete(key);
      }
    }
    const pools = await deps.pool.query<{
      address: string;
      venue_type: string;
      factory: string | null;
      token_address: string;
      quote_address: string;
      price_native: string | null;
      liquidity_native: string | null;
      created_at: string | null;
      last_trade_at: string | null;
      updated_at: string;
    }>(
      `select address, venue_type, factory, token_address, quote_address, price_native::text,
              liquidity_native::text, created_at, last_trade_at, updated_at
       from pools where chain_id = $1 and updated_at >= $2`,
      [chain, s.poolsSeen],
    );
    for (const p of pools.rows) {
      const key = marketKey(chain, p.address);
      s.facts.set(
        key,
        withToken(s, {
          chain,
          poolAddress: p.address,
          type: p.venue_type,
          factory: p.factory,
          tokenAddress: p.token_address,
          name: null,
          symbol: null,
          decimals: null,
          totalSupply: null,
          quoteAddress: p.quote_address,
          quoteSymbol: null,
          priceNative: p.price_native,
          liquidityNative: p.liquidity_native === null ? null : Number(p.liquidity_native),
          createdAt: p.created_at === null ? null : Number(p.created_at),
          lastTradeAt: p.last_trade_at === null ? null : Number(p.last_trade_at),
        }),
      );
      for (const token of [p.token_address, p.quote_address]) {
        const set = s.marketsByToken.get(token) ?? new Set<string>();
        set.add(key);
        s.marketsByToken.set(token, set);
      }
      s.poolsSeen = Math.max(s.poolsSeen, Number(p.updated_at));
    }
  };

  const withToken = (s: ChainState, f: MarketFacts): MarketFacts => {
    const t = s.tokenFacts.get(f.tokenAddress);
    const q = s.tokenFacts.get(f.quoteAddress);
    return {
      ...f,
      name: t?.name ?? null,
      symbol: t?.symbol ?? null,
      decimals: t?.decimals ?? null,
      totalSupply: t?.supply ?? null,
      quoteSymbol: q?.symbol ?? null,
    };
  };

  const nativeUsd = async (chain: ChainId): Promise<number | null> => {
    const { rows } = await deps.pool.query<{ price_usd: string }>(
      "select price_usd from native_prices where chain_id = $1 order by minute desc limit 1",
      [chain],
    );
    return rows[0] ? Number(rows[0].price_usd) : null;
  };

  return {
    async start() {
      for (const s of states.values()) await seed(s);
    },

    async refresh(chain) {
      const s = states.get(chain);
      if (!s) throw new Error(`no screener universe is configured for ${chain}`);
      const nowMs = now();
      await loadFacts(s);
      const rate = await nativeUsd(chain);
      const { markets, excluded } = selectUniverse({
        chain,
        facts: s.facts,
        stats: s.stats,
        nowMs,
        usd: chainFamily(chain) === "solana" ? { basis: "trade" } : { basis: "spot", rate },
        nativeUsd: rate,
        excludedTokens: s.excluded,
      });
      const snapshot = await deps.store.put(chain, nowMs, { markets, newest: selectNewest(s.facts, rate) });
      deps.logger.debug(
        { chain, version: snapshot.version, markets: markets.length, excluded },
        "screener universe refreshed",
      );
      return snapshot;
    },

    async close() {
      await Promise.all(subscriptions.splice(0).map((sub) => sub.close()));
    },
  };
}
