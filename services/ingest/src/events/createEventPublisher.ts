import {
  type Bus,
  type ChainId,
  chainFamily,
  EVM_NATIVE,
  type MarketEvent,
  marketKey,
  publishMarketEvents,
  SOLANA_NATIVE_MINT,
  type TradeRecord,
} from "@tapeline/core";
import type pg from "pg";
import pino, { type Logger } from "pino";
import { USD_RATE_MAX_AGE_MS } from "../writer/candleBucketsSql.ts";
import type { IngestBatch, RollbackResult, WriteBatchResult } from "../writer/IngestBatch.ts";
import {
  type BatchEventContext,
  buildBatchEvents,
  marketStateEvent,
  type StoredPool,
} from "./buildBatchEvents.ts";

/**
 * Publishes what a committed write or rollback changed as market events (see `MarketEvent` in
 * core). Called after the transaction commits, so consumers never see an event the database does
 * not hold. A bus failure is logged and the ingest goes on: a live stream then misses those
 * events (the database stays right), rather than the chain stalling on a Redis outage.
 */
export type EventPublisher = {
  publishBatch(batch: IngestBatch, written: WriteBatchResult): Promise<void>;
  publishRollback(result: RollbackResult): Promise<void>;
};

type PoolRow = {
  market: string;
  address: string;
  token_address: string;
  quote_address: string;
  venue_type: string;
  exchange_name: string | null;
  launchpad: string | null;
  is_launchpad: boolean;
  bonding_progress: number | null;
  migrated: boolean;
  graduated_at: string | null;
  creator: string | null;
  reserve0: string | null;
  reserve1: string | null;
  price_native: string | null;
  price_quote: string | null;
  liquidity_native: string | null;
  created_at: string | null;
  created_block: string | null;
  updated_block: string | null;
};

const numOrNull = (v: string | null): number | null => (v === null ? null : Number(v));

export function createEventPublisher(
  db: pg.Pool,
  bus: Bus,
  log: Logger = pino({ name: "events" }),
): EventPublisher {
  const natives = new Map<ChainId, BatchEventContext["native"]>();

  // As the REST tape does: the chain row's symbol and decimals stand in for a native quote, and
  // stay unknown while the chain is not registered.
  async function native(chain: ChainId): Promise<BatchEventContext["native"]> {
    const known = natives.get(chain);
    if (known) return known;
    const { rows } = await db.query<{ native_symbol: string; native_decimals: number }>(
      "select native_symbol, native_decimals from chains where chain_id = $1",
      [chain],
    );
    const n = {
      address: chainFamily(chain) === "solana" ? SOLANA_NATIVE_MINT : EVM_NATIVE,
      symbol: rows[0]?.native_symbol ?? null,
      decimals: rows[0]?.native_decimals ?? null,
    };
    if (rows[0]) natives.set(chain, n);
    return n;
  }

  async function tokenFacts(chain: ChainId, addresses: string[]) {
    if (addresses.length === 0) return new Map();
    const { rows } = await db.query<{
      address: string;
      name: string | null;
      symbol: string | null;
      decimals: number | null;
    }>(
      "select address, name, symbol, decimals from tokens where chain_id = $1 and address = any($2::text[])",
      [chain, addresses],
    );
    return new Map(rows.map((r) => [r.address, { name: r.name, symbol: r.symbol, decimals: r.decimals }]));
  }

  /** USD rates as the REST tape values trades: Solana at the trade's minute, EVM at the spot rate. */
  async function usdRates(chain: ChainId, trades: TradeRecord[]): Promise<(t: TradeRecord) => number | null> {
    if (trades.length === 0) return () => null;
    if (chainFamily(chain) === "evm") {
      const { rows } = await db.query<{ usd: string }>(
        "select price_usd as usd from native_prices where chain_id = $1 and minute <= $2 order by minute desc limit 1",
        [chain, Date.now()],
      );
      const spot = numOrNull(rows[0]?.usd ?? null);
      return () => spot;
    }
    const minuteOf = (t: TradeRecord) => Math.floor(t.at / 60_000) * 60_000;
    const minutes = [...new Set(trades.map(minuteOf))];
    const { rows } = await db.query<{ minute: string; usd: string | null }>(
      `select m.minute, (select np.price_usd from native_prices np where np.chain_id = $1
                          and np.minute <= m.minute and np.minute > m.minute - $3
                          order by np.minute desc limit 1) as usd
       from unnest($2::bigint[]) as m(minute)`,
      [chain, minutes, USD_RATE_MAX_AGE_MS],
    );
    const byMinute = new Map(rows.map((r) => [Number(r.minute), numOrNull(r.usd)]));
    return (t) => byMinute.get(minuteOf(t)) ?? null;
  }

  async function storedPools(markets: string[]): Promise<Map<string, StoredPool>> {
    if (markets.length === 0) return new Map();
    const { rows } = await db.query<PoolRow>(
      `select market, address, token_address, quote_address, venue_type, exchange_name, launchpad, is_launchpad,
              bonding_progress, migrated, graduated_at, creator, reserve0, reserve1, price_native, price_quote,
              liquidity_native, created_at, created_block, updated_block
       from pools where market = any($1::text[])`,
      [markets],
    );
    return new Map(
      rows.map((r) => [
        r.market,
        {
          market: r.market,
          address: r.address,
          tokenAddress: r.token_address,
          quoteAddress: r.quote_address,
          venueType: r.venue_type,
          exchangeName: r.exchange_name,
          launchpad: r.launchpad,
          isLaunchpad: r.is_launchpad,
          bondingProgress: r.bonding_progress,
          migrated: r.migrated,
          graduatedAt: numOrNull(r.graduated_at),
          creator: r.creator,
          reserve0: r.reserve0,
          reserve1: r.reserve1,
          priceNative: r.price_native,
          priceQuote: r.price_quote,
          liquidityNative: r.liquidity_native,
          createdAt: numOrNull(r.created_at),
          createdBlock: numOrNull(r.created_block),
          updatedBlock: numOrNull(r.updated_block),
        },
      ]),
    );
  }

  async function send(chain: ChainId, what: string, build: () => Promise<MarketEvent[]>): Promise<void> {
    try {
      const events = await build();
      if (events.length > 0) await publishMarketEvents(bus, events);
    } catch (err) {
      log.warn({ err, chain }, `${what} events not published; live streams miss them`);
    }
  }

  return {
    publishBatch(batch, written) {
      return send(batch.chain, "batch", async () => {
        const chain = batch.chain;
        const inserted = new Set(written.insertedTradeIds);
        const trades = batch.trades.filter((t) => inserted.has(t.id));
        const addresses = [...new Set(trades.flatMap((t) => [t.tokenAddress, t.quoteAddress]))];
        const markets = [...new Set(batch.pools.map((p) => marketKey(p.chain, p.address)))];
        const [tokens, nativeCoin, usdOf, pools] = await Promise.all([
          tokenFacts(chain, addresses),
          native(chain),
          usdRates(chain, trades),
          storedPools(markets),
        ]);
        return buildBatchEvents(batch, written, { tokens, native: nativeCoin, usdOf, pools });
      });
    },

    publishRollback(result) {
      return send(result.chain, "rollback", async () => {
        const pools = await storedPools(result.orphaned.map((o) => o.market));
        return result.orphaned.flatMap((o): MarketEvent[] => {
          const base = { chain: result.chain, market: o.market, pool: o.pool, token: o.token };
          const rollback: MarketEvent = {
            ...base,
            type: "rollback",
            ancestorBlock: Number(result.ancestorBlock),
            orphanedTradeIds: o.tradeIds,
          };
          const p = pools.get(o.market);
          // The state the market is back to (a market first seen in the orphaned blocks is gone).
          return p ? [rollback, marketStateEvent(result.chain, p)] : [rollback];
        });
      });
    },
  };
}
