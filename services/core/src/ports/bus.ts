/** A message on the bus: a topic (stream), a partition key and a JSON payload. */
export type BusMessage<T = unknown> = { id: string; topic: string; key: string; payload: T };

export type Subscription = { close(): Promise<void> };

/**
 * Event bus port (Redis Streams in a cluster, in-memory in the dev stack). Messages of one topic
 * are delivered in publish order; `fromId` resumes after a known message id ("$" = only new).
 */
export interface Bus {
  publish<T>(topic: string, key: string, payload: T): Promise<string>;
  subscribe<T>(
    topic: string,
    handler: (msg: BusMessage<T>) => void | Promise<void>,
    opts?: { fromId?: string },
  ): Promise<Subscription>;
  close(): Promise<void>;
}

/** Bus topics: one place that names them. */
export const Topics = {
  trades: (chain: string) => `trades.${chain}`,
  pools: (chain: string) => `pools.${chain}`,
  rollbacks: (chain: string) => `rollbacks.${chain}`,
} as const;
