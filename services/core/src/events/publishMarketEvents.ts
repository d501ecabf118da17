import type { Bus } from "../ports/bus.ts";
import { type MarketEvent, marketEventTopicOf } from "./marketEvents.ts";

/**
 * Publishes events to their partitions, keyed by market. Calls are issued in array order
 * without waiting on each (the adapters keep call order per topic), so the events of one market
 * arrive in array order.
 * @returns the message ids, in array order
 */
export function publishMarketEvents(bus: Bus, events: readonly MarketEvent[]): Promise<string[]> {
  return Promise.all(events.map((e) => bus.publish(marketEventTopicOf(e.market), e.market, e)));
}
