/** A message on the bus: a topic (stream), a partition key and a JSON payload. */
export type BusMessage<T = unknown> = { id: string; topic: string; key: string; payload: T };

export type Subscription = { close(): Promise<void> };

/**
 * Where a subscription starts: `fromId` for every topic ("$" = only messages published after
 * `subscribe` resolves, "0" = the whole retained topic, a message id = the messages after it),
 * `fromIds` per topic (a consumer's saved cursor; it wins over `fromId` for the topics it names).
 */
export type SubscribeOptions = { fromId?: string; fromIds?: Readonly<Record<string, string>> };

/**
 * Event bus port (Redis Streams in a cluster, in-memory in the dev stack). Messages of one topic
 * are delivered in publish order, each with its id; a consumer that remembers the last id it
 * handled per topic resumes there after a restart (`fromIds`) without a gap, as long as the
 * topic still retains it. One subscription may read several topics: its handler runs one call at
 * a time, in publish order within each topic (no order between topics).
 */
export interface Bus {
  publish<T>(topic: string, key: string, payload: T): Promise<string>;
  subscribe<T>(
    topics: string | readonly string[],
    handler: (msg: BusMessage<T>) => void | Promise<void>,
    opts?: SubscribeOptions,
  ): Promise<Subscription>;
  close(): Promise<void>;
}
