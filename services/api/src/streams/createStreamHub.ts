import {
  type Bus,
  type BusGap,
  type BusPosition,
  type ChainId,
  type MarketEvent,
  type MarketEventSubscription,
  marketEventTopicOf,
  marketKey,
  subscribeMarketEvents,
  type TradeRow,
} from "@tapeline/core";
import type { Logger } from "pino";
import type { ShardClient } from "../shardClient.ts";
import { createRecentTradeIds } from "./createRecentTradeIds.ts";
import { createTradeBadges, type TradeBadgeOptions } from "./createTradeBadges.ts";
import { matchesTradeFilters } from "./matchesTradeFilters.ts";
import type { Channel, TokenUpdatesParams, TradesParams } from "./streamProtocol.ts";

/** Where a subscription's frames go: a connection's send queue. */
export type StreamSink = {
  /** Queues a serialized frame; `billable` frames are one delivered event of `channel`. */
  push(frame: string, channel: Channel, billable: boolean): void;
};

export type HubSubscription = { close(): void };

export type StreamHub = {
  /** Follows a market's or a token's trades; resolves once events published from now on will reach `sink`. */
  subscribeTrades(id: string, params: TradesParams, sink: StreamSink): Promise<HubSubscription>;
  /** Follows tokens' price, market cap and liquidity, as `GET /v1/token/price` serves them. */
  subscribeTokenUpdates(id: string, params: TokenUpdatesParams, sink: StreamSink): Promise<HubSubscription>;
  close(): Promise<void>;
};

type TradeSub = { id: string; params: TradesParams; sink: StreamSink; prefix: string };
type TokenSub = { id: string; sink: StreamSink; prefix: string };

/** A key in one of the hub's indexes: `<chain>/<address>`. */
const keyOf = (chain: ChainId, address: string) => marketKey(chain, address);

function addTo<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(value);
}
function removeFrom<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
}

/**
 * The fan-out of one router process: it consumes the market events of every chain a client
 * subscribed to, from the bus itself (each replica and each API worker has its own consumer, so
 * a client sees the same events wherever it landed), and hands each event to the subscriptions it
 * matches. A chain's consumer starts with the first subscription to it and keeps its cursor;
 * the bus adapter resumes from that cursor after a lost connection, so live subscribers miss
 * nothing the bus still holds. Events trimmed before the consumer read them (it was cut off from
 * Redis while more than the bus retains was published) reach the subscriptions that may have
 * lost some as a `gap` frame, in their place. Event data is serialized once per event, whatever the number of subscribers.
 *
 * Token updates are read through the query shards (the answer of `GET /v1/token/price`) once per
 * event-loop turn per changed token, after the events of a commit arrived. The shard follows the
 * bus on its own and may not have applied those events yet: the read names them (their bus
 * positions), and the shard answers once it has, or from the store.
 */
export function createStreamHub(deps: {
  bus: Bus;
  shards: ShardClient;
  logger: Logger;
  badges?: TradeBadgeOptions;
}): StreamHub {
  const badges = createTradeBadges({ shards: deps.shards, logger: deps.logger, options: deps.badges });
  // A retried publish sits next to its first copy in the stream: a short memory per market suffices.
  const recentTrades = createRecentTradeIds({ perMarket: 64, markets: 20_000 });
  /**
   * Events waiting behind a trade whose badges are being read: delivered in arrival order, so a
   * market's events keep their commit order (and a rollback stays before its replacements).
   */
  const waiting: {
    trade: TradeRow | Promise<TradeRow> | null;
    deliver: (trade: TradeRow | null) => void;
  }[] = [];
  let draining = false;
  const consumers = new Map<ChainId, Promise<MarketEventSubscription>>();
  const tradesByMarket = new Map<string, Set<TradeSub>>();
  const tradesByToken = new Map<string, Set<TradeSub>>();
  const updatesByToken = new Map<string, Set<TokenSub>>();
  /** tokens to read again, with the latest position per topic of the events that touched them */
  const dirty = new Map<string, { chain: ChainId; address: string; after: Map<string, string> }>();
  const refreshing = new Set<string>();
  let flushScheduled = false;
  let closed = false;

  function follow(chain: ChainId): Promise<MarketEventSubscription> {
    let c = consumers.get(chain);
    if (!c) {
      c = subscribeMarketEvents(deps.bus, { chains: [chain], onGap: (gap) => onGap(chain, gap) }, onEvent);
      consumers.set(chain, c);
      c.catch(() => consumers.delete(chain));
    }
    return c;
  }

  const tradeSubs = (e: MarketEvent) => [
    ...(tradesByMarket.get(e.market) ?? []),
    ...(tradesByToken.get(keyOf(e.chain, e.token)) ?? []),
  ];

  function onEvent(e: MarketEvent, position: BusPosition): void {
    if (e.type === "trade" && recentTrades.seen(e.market, e.trade.id)) return;
    if (e.type === "rollback") {
      recentTrades.forget(e.market, e.orphanedTradeIds);
      // A rollback may remove a launch's first trades: its labels are read again.
      badges.forget(e.chain, e.token);
    }
    let trade: TradeRow | Promise<TradeRow> | null = null;
    if (e.type === "trade" && tradeSubs(e).length > 0) {
      const filled = badges.fill(e.chain, e.token, [e.trade]);
      trade = Array.isArray(filled) ? filled[0]! : filled.then((rows) => rows[0]!);
    }
    if (waiting.length === 0 && !(trade instanceof Promise)) {
      deliver(e, position, trade);
      return;
    }
    waiting.push({ trade, deliver: (t) => deliver(e, position, t) });
    if (!draining) void drain();
  }

  /** Events of `gap.topic` were trimmed before this hub read them: its subscribers are told, in order. */
  function onGap(chain: ChainId, gap: BusGap): void {
    if (waiting.length === 0) {
      deliverGap(chain, gap.topic);
      return;
    }
    waiting.push({ trade: null, deliver: () => deliverGap(chain, gap.topic) });
    if (!draining) void drain();
  }

  /**
   * A `gap` frame to each subscription that may have lost events of the topic: trades of its
   * markets, and every token subscription of the chain (a token's markets span topics).
   */
  function deliverGap(chain: ChainId, topic: string): void {
    const prefix = keyOf(chain, "");
    const told = new Set<TradeSub | TokenSub>();
    const tell = (s: TradeSub | TokenSub, channel: Channel) => {
      if (told.has(s)) return;
      told.add(s);
      s.sink.push(
        `{"type":"gap","id":${JSON.stringify(s.id)},"channel":"${channel}","chain":${JSON.stringify(chain)}}`,
        channel,
        false,
      );
    };
    for (const [market, subs] of tradesByMarket) {
      if (market.startsWith(prefix) && marketEventTopicOf(market) === topic)
        for (const s of subs) tell(s, "trades");
    }
    for (const [token, subs] of tradesByToken) {
      if (token.startsWith(prefix)) for (const s of subs) tell(s, "trades");
    }
    for (const [token, subs] of updatesByToken) {
      if (token.startsWith(prefix)) for (const s of subs) tell(s, "token-updates");
    }
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      while (waiting.length > 0) {
        const head = waiting[0]!;
        const trade = head.trade instanceof Promise ? await head.trade : head.trade;
        waiting.shift();
        head.deliver(trade);
      }
    } finally {
      draining = false;
    }
  }

  /** Hands an event to its subscriptions; `trade` is a trade event's row with its badges. */
  function deliver(e: MarketEvent, position: BusPosition, trade: TradeRow | null): void {
    const tokenKey = keyOf(e.chain, e.token);
    if (e.type === "trade" && trade) {
      const subs = tradeSubs(e);
      if (subs.length > 0) {
        const data = JSON.stringify(trade);
        for (const s of subs) {
          if (matchesTradeFilters(trade, s.params)) s.sink.push(`${s.prefix}"data":${data}}`, "trades", true);
        }
      }
    } else if (e.type === "rollback") {
      const subs = tradeSubs(e);
      if (subs.length > 0) {
        const body = JSON.stringify({
          chain: e.chain,
          poolAddress: e.pool,
          ancestorBlock: e.ancestorBlock,
          orphanedTradeIds: e.orphanedTradeIds,
        }).slice(1);
        for (const s of subs) {
          s.sink.push(
            `{"type":"rollback","id":${JSON.stringify(s.id)},"channel":"trades",${body}`,
            "trades",
            false,
          );
        }
      }
    }
    if (
      (e.type === "trade" || e.type === "market" || e.type === "rollback") &&
      updatesByToken.has(tokenKey)
    ) {
      let entry = dirty.get(tokenKey);
      if (!entry) {
        entry = { chain: e.chain, address: e.token, after: new Map() };
        dirty.set(tokenKey, entry);
      }
      entry.after.set(position.topic, position.id);
      scheduleFlush();
    }
  }

  function scheduleFlush(): void {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(flushUpdates);
  }

  function flushUpdates(): void {
    flushScheduled = false;
    for (const [key, token] of dirty) {
      if (refreshing.has(key)) continue; // read again once the read in flight ends
      dirty.delete(key);
      refreshing.add(key);
      void refresh(key, token).finally(() => {
        refreshing.delete(key);
        if (dirty.has(key)) scheduleFlush();
      });
    }
  }

  async function refresh(
    key: string,
    token: { chain: ChainId; address: string; after: Map<string, string> },
  ): Promise<void> {
    if (!updatesByToken.has(key) || closed) return;
    try {
      // The owning shard follows the bus on its own: the read says which events it must reflect.
      const after = [...token.after].map(([topic, id]) => ({ topic, id }));
      const price = await deps.shards
        .forKey(key)
        .tokenPrice({ chain: token.chain, address: token.address, after });
      const data = JSON.stringify(price);
      for (const s of updatesByToken.get(key) ?? [])
        s.sink.push(`${s.prefix}"data":${data}}`, "token-updates", true);
    } catch (err) {
      deps.logger.warn({ err, token: key }, "token update not read; subscribers get the next one");
    }
  }

  const framePrefix = (id: string, channel: Channel, chain: ChainId) =>
    `{"type":"event","id":${JSON.stringify(id)},"channel":"${channel}","chain":${JSON.stringify(chain)},`;

  return {
    async subscribeTrades(id, params, sink) {
      await follow(params.chain);
      const sub: TradeSub = { id, params, sink, prefix: framePrefix(id, "trades", params.chain) };
      const [index, key] =
        "pool" in params
          ? [tradesByMarket, keyOf(params.chain, params.pool)]
          : [tradesByToken, keyOf(params.chain, params.token)];
      addTo(index, key, sub);
      return { close: () => removeFrom(index, key, sub) };
    },

    async subscribeTokenUpdates(id, params, sink) {
      await follow(params.chain);
      const sub: TokenSub = { id, sink, prefix: framePrefix(id, "token-updates", params.chain) };
      const keys = params.tokens.map((t) => keyOf(params.chain, t));
      for (const k of keys) addTo(updatesByToken, k, sub);
      return {
        close() {
          for (const k of keys) removeFrom(updatesByToken, k, sub);
        },
      };
    },

    async close() {
      closed = true;
      const subs = await Promise.allSettled(consumers.values());
      await Promise.all(subs.map((s) => (s.status === "fulfilled" ? s.value.close() : undefined)));
      consumers.clear();
    },
  };
}
