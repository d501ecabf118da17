import type { ChainId } from "../chainId.ts";
import type { Bus, BusGap, Subscription } from "../ports/bus.ts";
import { type MarketEvent, marketEventTopics } from "./marketEvents.ts";

/** Where a consumer is: the id of the last message it handled, per topic. */
export type MarketEventCursor = Record<string, string>;

export type MarketEventConsumer = {
  /** the chains to follow */
  chains: readonly ChainId[];
  /** bus partitions to follow (a shard's own); every partition when absent */
  partitions?: readonly number[];
  /**
   * A cursor saved from an earlier run (see {@link MarketEventSubscription.cursor}): topics it
   * names resume right after its ids; the others start with messages published from now on.
   */
  from?: Readonly<MarketEventCursor>;
  /**
   * Runs, in the handler's sequence, when events of a topic were trimmed before this consumer
   * read them (see `SubscribeOptions.onGap`); the handler goes on from `gap.resumedAt`.
   */
  onGap?: (gap: BusGap) => void | Promise<void>;
};

export type MarketEventSubscription = Subscription & {
  /** A copy of the position reached: pass it as `from` to resume without a gap or a repeat. */
  cursor(): MarketEventCursor;
};

/**
 * Follows the market events of some chains and partitions. The handler runs one event at a time,
 * in commit order per market (all events of a market share a topic); the cursor moves past an
 * event once its handler returned (or threw: a failing handler is logged by the bus and skipped).
 */
export async function subscribeMarketEvents(
  bus: Bus,
  consumer: MarketEventConsumer,
  handler: (event: MarketEvent, position: { topic: string; id: string }) => void | Promise<void>,
): Promise<MarketEventSubscription> {
  const cursor: MarketEventCursor = { ...consumer.from };
  const sub = await bus.subscribe<MarketEvent>(
    marketEventTopics(consumer.chains, consumer.partitions),
    async (msg) => {
      try {
        await handler(msg.payload, { topic: msg.topic, id: msg.id });
      } finally {
        cursor[msg.topic] = msg.id;
      }
    },
    { fromIds: cursor, ...(consumer.onGap ? { onGap: consumer.onGap } : {}) },
  );
  return { close: () => sub.close(), cursor: () => ({ ...cursor }) };
}
