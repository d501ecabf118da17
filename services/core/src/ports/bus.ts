/** A message on the bus: a topic (stream), a partition key and a JSON payload. */
export type BusMessage<T = unknown> = { id: string; topic: string; key: string; payload: T };

export type Subscription = { close(): Promise<void> };

/** Messages of `topic` after the subscription's position were trimmed before it read them. */
export type BusGap = {
  topic: string;
  /** id of the oldest message still retained: the next one the handler gets for the topic */
  resumedAt: string;
};

/**
 * Where a subscription starts: `fromId` for every topic ("$" = only messages published after
 * `subscribe` resolves, "0" = the whole retained topic, a message id = the messages after it),
 * `fromIds` per topic (a consumer's saved cursor; it wins over `fromId` for the topics it names).
 * `onGap` runs, in the handler's sequence, before the first message after a gap: the topic's
 * retention (`maxLen`) dropped messages the subscription had not read yet (it fell that far
 * behind, or resumed from a position older than the topic keeps), or the adapter cannot rule
 * that out.
 */
export type SubscribeOptions = {
  fromId?: string;
  fromIds?: Readonly<Record<string, string>>;
  onGap?: (gap: BusGap) => void | Promise<void>;
};

/**
 * Event bus port (Redis Streams in a cluster, in-memory in the dev stack). Messages of one topic
 * are delivered in publish order, each with its id; a consumer that remembers the last id it
 * handled per topic resumes there after a restart (`fromIds`) without a gap, as long as the
 * topic still retains it (else `onGap` says so). One subscription may read several topics: its handler runs one call at
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
