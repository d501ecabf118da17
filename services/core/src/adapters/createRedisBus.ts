import { Redis } from "ioredis";
import pino, { type Logger } from "pino";
import type { Bus, BusMessage, SubscribeOptions, Subscription } from "../ports/bus.ts";
import { AdapterClosedError } from "./AdapterClosedError.ts";
import { compareStreamIds } from "./compareStreamIds.ts";

/** An `XREAD` reply: per stream, its entries as `[id, [field, value, ...]]`. */
type XReadReply = [string, [string, string[]][]][];

export type RedisBusOptions = {
  /** Redis URL, e.g. `redis://127.0.0.1:6379`. */
  url: string;
  /** Prefix of every stream key; a topic `t` lives at `<prefix>t`. @defaultValue "tl:bus:" */
  prefix?: string;
  /** Approximate number of messages kept per stream (`XADD MAXLEN ~`). @defaultValue 100000 */
  maxLen?: number;
  /** How long one `XREAD BLOCK` waits before it is reissued. @defaultValue 5000 */
  blockMs?: number;
  /** Messages fetched per `XREAD`. @defaultValue 256 */
  batchSize?: number;
  /** Where handler and connection failures are reported. @defaultValue a pino logger named "bus" */
  logger?: Logger;
};

/**
 * Bus over Redis Streams: one stream per topic, `XADD` with approximate `MAXLEN` trimming,
 * and one `XREAD BLOCK` loop on its own connection per subscription, over all its topics at
 * once. A subscription reads each topic in publish order from its own cursor (no consumer
 * group): `fromId` "$" means messages published after `subscribe` resolves, "0" the whole
 * retained stream, any other id the messages after it. Handlers run one at a time; a failing handler is logged
 * and the loop moves on. The partition key travels in the message (field `k`).
 *
 * A lost connection is retried from the same cursors, so nothing is skipped or repeated while
 * the stream still holds them. Messages trimmed (`MAXLEN`) before the reader got to them are
 * reported through `onGap`: checked after reading from a given position, after a lost connection
 * or failed read, and whenever a read fills a whole batch (the only way a reader can be behind
 * by `maxLen` messages, as long as the publishers' `maxLen` is at least `batchSize`).
 */
export function createRedisBus(opts: RedisBusOptions): Bus {
  const prefix = opts.prefix ?? "tl:bus:";
  const maxLen = String(opts.maxLen ?? 100_000);
  const blockMs = opts.blockMs ?? 5_000;
  const batchSize = opts.batchSize ?? 256;
  const logger = opts.logger ?? pino({ name: "bus" });
  const connectionName = `${prefix.replace(/[^A-Za-z0-9_.-]/g, "_")}bus`;
  const publisher = new Redis(opts.url, { connectionName, lazyConnect: true });
  publisher.on("error", (err) => logger.warn({ err }, "bus connection failed; reconnecting"));
  const subscriptions = new Set<Subscription>();
  let closed = false;

  const streamKey = (topic: string): string => `${prefix}${topic}`;

  return {
    async publish<T>(topic: string, key: string, payload: T): Promise<string> {
      if (closed) throw new AdapterClosedError("redis bus");
      const json = JSON.stringify(payload);
      if (json === undefined) throw new TypeError(`bus payload for ${topic} is not JSON-serializable`);
      const id = await publisher.xadd(streamKey(topic), "MAXLEN", "~", maxLen, "*", "k", key, "p", json);
      return id!;
    },

    async subscribe<T>(
      topics: string | readonly string[],
      handler: (msg: BusMessage<T>) => void | Promise<void>,
      subOpts: SubscribeOptions = {},
    ): Promise<Subscription> {
      if (closed) throw new AdapterClosedError("redis bus");
      const names = [...new Set(typeof topics === "string" ? [topics] : topics)];
      if (names.length === 0) throw new TypeError("subscribe needs at least one topic");
      const streams = names.map(streamKey);
      const topicOf = new Map(streams.map((s, i) => [s, names[i]!]));
      const starts = names.map((t) => subOpts.fromIds?.[t] ?? subOpts.fromId ?? "$");
      // "$" is pinned to the current last id now, so nothing published after subscribe()
      // resolves can slip by before the first XREAD reaches the server.
      const lastIds = await Promise.all(
        starts.map(async (from, i) => {
          if (from !== "$") return from;
          const last = await publisher.xrevrange(streams[i]!, "+", "-", "COUNT", 1);
          return last[0]?.[0] ?? "0-0";
        }),
      );
      const lastOf = new Map(streams.map((s, i) => [s, lastIds[i]!]));
      /**
       * Streams whose next read may come after a trim passed their cursor: those resumed from a
       * given position, all of them once the reader lost its connection or a read failed, and any
       * that fills a whole batch (a reader that far behind is the one a trim can overtake).
       */
      const unchecked = new Set(streams.filter((_, i) => starts[i] !== "$"));
      const reader = publisher.duplicate({ connectionName: `${connectionName}:sub` });
      reader.on("error", (err) => logger.warn({ err }, "bus reader connection failed; reconnecting"));
      reader.on("close", () => {
        for (const s of streams) unchecked.add(s);
      });
      let stopped = false;
      // A command waiting for a reconnection is never settled by disconnect(): the loop waits for
      // either its reply or this, so close() returns while Redis is unreachable too.
      let stop: () => void = () => {};
      const stopping = new Promise<null>((resolve) => {
        stop = () => resolve(null);
      });

      /**
       * The streams of a reply whose messages right after the cursor may have been trimmed before
       * the read, each with the first id the reply holds. Checked after the read, as a trim only
       * moves the oldest retained id forward: if it is still at or before the cursor now, nothing
       * after the cursor was trimmed when the read ran. When the cursor's own message is gone, what
       * followed it cannot be told apart from what was trimmed: that counts as a gap.
       */
      async function findGaps(reply: XReadReply): Promise<Map<string, string>> {
        const gaps = new Map<string, string>();
        const suspects = reply.filter(
          ([stream, entries]) => entries.length > 0 && (unchecked.has(stream) || entries.length >= batchSize),
        );
        if (suspects.length === 0) return gaps;
        const oldest = await Promise.race([
          Promise.all(suspects.map(([stream]) => publisher.xrange(stream, "-", "+", "COUNT", 1))),
          stopping,
        ]);
        if (!oldest) return gaps;
        suspects.forEach(([stream, entries], i) => {
          unchecked.delete(stream);
          const after = lastOf.get(stream)!;
          const first = oldest[i]![0]?.[0];
          if (/^0(-0)?$/.test(after)) return;
          if (first === undefined || compareStreamIds(first, after) > 0) gaps.set(stream, entries[0]![0]);
        });
        return gaps;
      }

      const loop = (async () => {
        let failures = 0;
        while (!stopped) {
          let reply: XReadReply | null;
          let gaps: Map<string, string>;
          try {
            const read = reader.xread(
              "COUNT",
              batchSize,
              "BLOCK",
              blockMs,
              "STREAMS",
              ...streams,
              ...streams.map((s) => lastOf.get(s)!),
            ) as Promise<XReadReply | null>;
            read.catch(() => {}); // abandoned at close
            reply = await Promise.race([read, stopping]);
            if (stopped) break;
            gaps = await findGaps(reply ?? []);
            if (stopped) break;
            failures = 0;
          } catch (err) {
            if (stopped) break;
            for (const s of streams) unchecked.add(s);
            failures += 1;
            logger.error(
              { err, topics: names.length > 4 ? names.length : names },
              "bus read failed; retrying",
            );
            await Promise.race([
              new Promise((r) => setTimeout(r, Math.min(5_000, 100 * 2 ** failures)).unref()),
              stopping,
            ]);
            continue;
          }
          for (const [stream, entries] of reply ?? []) {
            const topic = topicOf.get(stream)!;
            const resumedAt = gaps.get(stream);
            if (resumedAt !== undefined) {
              logger.warn(
                { topic, after: lastOf.get(stream), resumedAt },
                "bus messages trimmed before this subscription read them",
              );
              try {
                await subOpts.onGap?.({ topic, resumedAt });
              } catch (err) {
                logger.error({ err, topic }, "bus gap handler failed");
              }
            }
            for (const [id, fields] of entries) {
              if (stopped) return;
              lastOf.set(stream, id);
              try {
                const msg: BusMessage<T> = { id, topic, key: "", payload: undefined as T };
                for (let i = 0; i + 1 < fields.length; i += 2) {
                  if (fields[i] === "k") msg.key = fields[i + 1]!;
                  else if (fields[i] === "p") msg.payload = JSON.parse(fields[i + 1]!) as T;
                }
                await handler(msg);
              } catch (err) {
                logger.error({ err, topic, messageId: id }, "bus handler failed; message skipped");
              }
            }
          }
        }
      })();

      const subscription: Subscription = {
        async close() {
          if (stopped) return loop;
          stopped = true;
          stop();
          subscriptions.delete(subscription);
          // disconnect (not quit) so a pending XREAD BLOCK is abandoned at once.
          reader.disconnect();
          await loop;
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      if (publisher.status === "wait") publisher.disconnect();
      else await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}
