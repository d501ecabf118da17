import { readFile } from "node:fs/promises";
import {
  type Bus,
  type BusPosition,
  type ChainId,
  type Context,
  compareStreamIds,
  type MarketEvent,
  type MarketEventSubscription,
  parseShardMap,
  type ShardMap,
  subscribeMarketEvents,
} from "@tapeline/core";
import type pg from "pg";
import { Counter, Gauge } from "prom-client";
import type { MarketEventFeed } from "./MarketEventFeed.ts";
import { type ShardOwnership, shardOwnership } from "./shardOwnership.ts";

export type MarketEventFeedOptions = {
  bus: Bus;
  /** where the chain registry (`chains`) is read: the shard follows every registered chain */
  pool: pg.Pool;
  ctx: Context;
  /** this shard's name in the shard map */
  shardName: string;
  /** the shard-map JSON the operator publishes; without it the shard owns no key */
  mapPath: string | undefined;
  /** how often the map and the chain registry are read again */
  pollMs: number;
  hotTtlMs: number;
};

export type MarketEventFeedHandle = MarketEventFeed & {
  ownership(): ShardOwnership;
  /** chains whose events are followed */
  chains(): ChainId[];
  close(): Promise<void>;
};

/**
 * A query shard's view of the bus: its ownership from the shard map (re-read every `pollMs`; a
 * missing or invalid new map is logged and the last good one kept) and the market events of
 * every registered chain. The shard follows all bus partitions of a chain: a token's key and its
 * markets' keys hash to unrelated partitions, so the events that change an owned token's
 * answers travel on any of them; ownership then decides which answers are kept hot. The bus
 * adapter resumes after a lost connection from the last event handled, so no event is skipped;
 * while it is cut off, an owned answer can lag the store by up to `hotTtlMs`.
 */
export async function startMarketEventFeed(opts: MarketEventFeedOptions): Promise<MarketEventFeedHandle> {
  const logger = opts.ctx.logger.child({ component: "market-event-feed", shard: opts.shardName });
  const registry = opts.ctx.metrics;
  const eventsTotal = new Counter({
    name: "query_shard_market_events_total",
    help: "Market events a query shard applied to its caches",
    labelNames: ["chain", "type"],
    registers: [registry],
  });
  const ownedGauge = new Gauge({
    name: "query_shard_owned_partitions",
    help: "Virtual partitions this shard owns under its current shard map",
    registers: [registry],
  });
  const versionGauge = new Gauge({
    name: "query_shard_map_version",
    help: "Version of the shard map this shard follows (-1 without one)",
    registers: [registry],
  });

  const eventHandlers: ((event: MarketEvent) => void)[] = [];
  const ownershipHandlers: (() => void)[] = [];
  const subs = new Map<ChainId, MarketEventSubscription>();
  let ownership = shardOwnership(null, opts.shardName);
  let lastMapProblem = "";
  let closed = false;

  /** the last event id each topic's handlers ran for */
  const lastHandled = new Map<string, string>();
  const waiters = new Set<{ after: readonly BusPosition[]; done: (ok: boolean) => void }>();
  const reached = (after: readonly BusPosition[]) =>
    after.every((p) => {
      const last = lastHandled.get(p.topic);
      return last !== undefined && compareStreamIds(last, p.id) >= 0;
    });

  const dispatch = (event: MarketEvent, position: BusPosition) => {
    eventsTotal.inc({ chain: event.chain, type: event.type });
    for (const handle of eventHandlers) {
      try {
        handle(event);
      } catch (err) {
        logger.warn({ err, market: event.market, type: event.type }, "market event not applied");
      }
    }
    lastHandled.set(position.topic, position.id);
    for (const w of waiters) if (reached(w.after)) w.done(true);
  };

  async function readMap(): Promise<void> {
    if (!opts.mapPath) return;
    let map: ShardMap;
    try {
      map = parseShardMap(JSON.parse(await readFile(opts.mapPath, "utf8")));
      lastMapProblem = "";
    } catch (err) {
      const problem = (err as Error).message;
      if (problem !== lastMapProblem)
        logger.warn({ err, path: opts.mapPath }, "shard map not read; keeping the last one");
      lastMapProblem = problem;
      return;
    }
    if (map.version === ownership.version) return;
    const next = shardOwnership(map, opts.shardName);
    ownership = next;
    ownedGauge.set(next.partitions);
    versionGauge.set(map.version);
    logger.info({ version: map.version, partitions: next.partitions }, "shard map applied");
    for (const handle of ownershipHandlers) handle();
  }

  async function followChains(): Promise<void> {
    const { rows } = await opts.pool.query<{ chain_id: ChainId }>(
      "select chain_id from chains order by chain_id",
    );
    for (const { chain_id: chain } of rows) {
      if (subs.has(chain) || closed) continue;
      const sub = await subscribeMarketEvents(opts.bus, { chains: [chain] }, dispatch);
      if (closed) {
        await sub.close();
        return;
      }
      subs.set(chain, sub);
      logger.info({ chain }, "following market events");
    }
  }

  let polling: Promise<void> | null = null;
  const poll = () => {
    polling ??= Promise.all([
      readMap(),
      followChains().catch((err) => logger.warn({ err }, "market events not followed yet; retrying")),
    ])
      .then(() => undefined)
      .finally(() => {
        polling = null;
      });
    return polling;
  };

  versionGauge.set(-1);
  // The map is known before the first answer; chains are followed in the background (a Redis
  // that is down must not hold the shard's start).
  await readMap();
  void poll();
  const timer = setInterval(() => void poll(), opts.pollMs);
  timer.unref();

  return {
    hotTtlMs: opts.hotTtlMs,
    // A key counts as owned only once its chain's events are followed: before that no event
    // would drop its answer.
    owns: (key) => subs.has(key.slice(0, key.indexOf("/")) as ChainId) && ownership.owns(key),
    onEvent: (handler) => eventHandlers.push(handler),
    handled(after, timeoutMs) {
      if (reached(after)) return Promise.resolve(true);
      const followed = (topic: string) => [...subs.keys()].some((c) => topic.startsWith(`markets.${c}.`));
      if (closed || !after.every((p) => followed(p.topic))) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        let expiry: NodeJS.Timeout | undefined;
        const w = {
          after,
          done: (ok: boolean) => {
            clearTimeout(expiry);
            waiters.delete(w);
            resolve(ok);
          },
        };
        expiry = setTimeout(() => w.done(false), timeoutMs);
        waiters.add(w);
      });
    },
    onOwnershipChange: (handler) => ownershipHandlers.push(handler),
    ownership: () => ownership,
    chains: () => [...subs.keys()],
    async close() {
      closed = true;
      clearInterval(timer);
      for (const w of waiters) w.done(false);
      await polling;
      await Promise.all([...subs.values()].map((s) => s.close()));
      subs.clear();
    },
  };
}
