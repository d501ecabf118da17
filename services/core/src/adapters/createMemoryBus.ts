import pino, { type Logger } from "pino";
import type { Bus, BusGap, BusMessage, SubscribeOptions, Subscription } from "../ports/bus.ts";
import { AdapterClosedError } from "./AdapterClosedError.ts";
import { compareStreamIds } from "./compareStreamIds.ts";

export type MemoryBusOptions = {
  /** Messages kept per topic; older ones are dropped, as Redis trims a stream. @defaultValue 100000 */
  maxLen?: number;
  /** Where handler failures are reported. @defaultValue a pino logger named "bus" */
  logger?: Logger;
};

type Entry = { id: string; key: string; json: string };
type TopicLog = { entries: Entry[]; base: number; wake: Set<() => void> };

/**
 * In-process bus with the semantics of the Redis Streams adapter: per-topic logs with
 * `<ms>-<seq>` ids, every subscription reads the whole topic in publish order from its own
 * cursor, payloads travel as JSON (so they arrive as copies and bigint is refused, as over
 * Redis), and a failing handler is logged without stopping its subscription.
 */
export function createMemoryBus(opts: MemoryBusOptions = {}): Bus {
  const maxLen = opts.maxLen ?? 100_000;
  const logger = opts.logger ?? pino({ name: "bus" });
  const topics = new Map<string, TopicLog>();
  const subscriptions = new Set<Subscription>();
  let lastMs = 0;
  let seq = 0;
  let closed = false;

  const topicLog = (topic: string): TopicLog => {
    let log = topics.get(topic);
    if (!log) {
      log = { entries: [], base: 0, wake: new Set() };
      topics.set(topic, log);
    }
    return log;
  };

  // Ids grow strictly even when the clock stalls or steps back, like XADD's `*`.
  const nextId = (): string => {
    const now = Date.now();
    if (now > lastMs) {
      lastMs = now;
      seq = 0;
    } else {
      seq += 1;
    }
    return `${lastMs}-${seq}`;
  };

  /** Absolute index of the first entry whose id is greater than `id`. */
  const indexAfter = (log: TopicLog, id: string): number => {
    let lo = 0;
    let hi = log.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareStreamIds(log.entries[mid]!.id, id) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return log.base + lo;
  };

  return {
    async publish<T>(topic: string, key: string, payload: T): Promise<string> {
      if (closed) throw new AdapterClosedError("memory bus");
      const json = JSON.stringify(payload);
      if (json === undefined) throw new TypeError(`bus payload for ${topic} is not JSON-serializable`);
      const log = topicLog(topic);
      const id = nextId();
      log.entries.push({ id, key, json });
      // Trim in chunks (like MAXLEN ~) so a busy topic does not shift the array on every publish.
      const excess = log.entries.length - maxLen;
      if (excess > Math.max(1, maxLen >> 4)) {
        log.entries.splice(0, excess);
        log.base += excess;
      }
      for (const wake of log.wake) wake();
      log.wake.clear();
      return id;
    },

    async subscribe<T>(
      topics: string | readonly string[],
      handler: (msg: BusMessage<T>) => void | Promise<void>,
      subOpts: SubscribeOptions = {},
    ): Promise<Subscription> {
      if (closed) throw new AdapterClosedError("memory bus");
      const names = [...new Set(typeof topics === "string" ? [topics] : topics)];
      if (names.length === 0) throw new TypeError("subscribe needs at least one topic");
      const reads = names.map((topic) => {
        const log = topicLog(topic);
        const fromId = subOpts.fromIds?.[topic] ?? subOpts.fromId ?? "$";
        let cursor = fromId === "$" ? log.base + log.entries.length : indexAfter(log, fromId);
        // A position older than the oldest message kept by a trimmed topic: what followed it
        // may be gone, which the loop reports as for a subscriber that fell behind.
        const oldest = log.entries[0];
        if (fromId !== "$" && !/^0(-0)?$/.test(fromId) && log.base > 0 && oldest) {
          if (compareStreamIds(fromId, oldest.id) < 0) cursor = log.base - 1;
        }
        return { topic, log, cursor };
      });
      const reportGap = async (gap: BusGap): Promise<void> => {
        try {
          await subOpts.onGap?.(gap);
        } catch (err) {
          logger.error({ err, topic: gap.topic }, "bus gap handler failed");
        }
      };
      let stopped = false;
      let wakeSelf: (() => void) | null = null;

      const loop = (async () => {
        while (!stopped) {
          let delivered = false;
          // One message per topic per round, so a busy topic does not starve the others.
          for (const r of reads) {
            if (stopped) return;
            // A subscriber that fell behind the trimmed head resumes at the oldest kept message.
            if (r.cursor < r.log.base) {
              logger.warn(
                { topic: r.topic, dropped: r.log.base - r.cursor },
                "bus subscriber fell behind the retained messages",
              );
              r.cursor = r.log.base;
              const first = r.log.entries[0];
              if (first) await reportGap({ topic: r.topic, resumedAt: first.id });
            }
            const entry = r.log.entries[r.cursor - r.log.base];
            if (!entry) continue;
            r.cursor += 1;
            delivered = true;
            const msg: BusMessage<T> = {
              id: entry.id,
              topic: r.topic,
              key: entry.key,
              payload: JSON.parse(entry.json) as T,
            };
            try {
              await handler(msg);
            } catch (err) {
              logger.error(
                { err, topic: r.topic, messageId: entry.id },
                "bus handler failed; message skipped",
              );
            }
          }
          if (delivered || stopped) continue;
          await new Promise<void>((resolve) => {
            wakeSelf = resolve;
            for (const r of reads) r.log.wake.add(resolve);
          });
          for (const r of reads) if (wakeSelf) r.log.wake.delete(wakeSelf);
          wakeSelf = null;
        }
      })();

      const subscription: Subscription = {
        async close() {
          stopped = true;
          if (wakeSelf) {
            for (const r of reads) r.log.wake.delete(wakeSelf);
            (wakeSelf as () => void)();
          }
          subscriptions.delete(subscription);
          await loop;
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async close() {
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      topics.clear();
    },
  };
}
