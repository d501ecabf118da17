import type { BusPosition, MarketEvent } from "@tapeline/core";

/**
 * What a query shard learns from the bus: the market events of its chains in commit order per
 * market, and which keys are its own under the current shard map. Handlers run synchronously,
 * one event at a time.
 */
export type MarketEventFeed = {
  /**
   * How long an owned key's answer is kept while no event touches it: trailing windows (24 h
   * volume, price change) slide with time, which no event announces.
   */
  hotTtlMs: number;
  /** whether the shard owns `key` (a market key or a token key) under the current map */
  owns(key: string): boolean;
  onEvent(handler: (event: MarketEvent) => void): void;
  /**
   * Resolves true once the shard applied every event at or before the given bus positions
   * (each topic's handlers ran past that id), false when it cannot tell within `timeoutMs` (a
   * topic it does not follow, or events it is still behind on).
   */
  handled(after: readonly BusPosition[], timeoutMs: number): Promise<boolean>;
  /** called after the shard map changed which keys the shard owns */
  onOwnershipChange(handler: () => void): void;
};
