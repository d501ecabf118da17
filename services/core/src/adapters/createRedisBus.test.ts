import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, describe, expect, it, vi } from "vitest";
import { TEST_REDIS_URL, testRedisPrefix } from "../testing/createTestDatabase.ts";
import { deleteRedisKeys } from "../testing/deleteRedisKeys.ts";
import { busContract } from "./busContract.ts";
import { createRedisBus } from "./createRedisBus.ts";

const logger = pino({ level: "silent" });
const contractPrefix = testRedisPrefix("bus");
busContract(
  "redis",
  () => createRedisBus({ url: TEST_REDIS_URL, prefix: contractPrefix, logger, blockMs: 1_000 }),
  async () => void (await deleteRedisKeys(contractPrefix)),
);

describe("createRedisBus", () => {
  const prefix = testRedisPrefix("bus-redis");
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(async () => {
    await deleteRedisKeys(prefix);
    await redis.quit();
  });

  it("trims each stream to about maxLen with XADD MAXLEN ~", async () => {
    const bus = createRedisBus({ url: TEST_REDIS_URL, prefix, logger, maxLen: 100 });
    await Promise.all(Array.from({ length: 3000 }, (_, n) => bus.publish("trim", "k", { n })));
    const len = await redis.xlen(`${prefix}trim`);
    expect(len).toBeGreaterThanOrEqual(100);
    expect(len).toBeLessThan(3000);
    await bus.close();
  });

  it("delivers between separate instances sharing a prefix, as between pods", async () => {
    const producer = createRedisBus({ url: TEST_REDIS_URL, prefix, logger });
    const consumer = createRedisBus({ url: TEST_REDIS_URL, prefix, logger });
    const got: string[] = [];
    await consumer.subscribe<{ v: string }>("pods", (m) => void got.push(`${m.key}:${m.payload.v}`));
    await producer.publish("pods", "a", { v: "1" });
    await producer.publish("pods", "b", { v: "2" });
    await vi.waitFor(() => expect(got).toEqual(["a:1", "b:2"]), { timeout: 10_000, interval: 5 });
    await Promise.all([producer.close(), consumer.close()]);
  });

  it("close() ends the read loops and releases every connection", async () => {
    const isolated = testRedisPrefix("bus-close");
    const bus = createRedisBus({ url: TEST_REDIS_URL, prefix: isolated, logger, blockMs: 60_000 });
    await bus.subscribe("a", () => {});
    await bus.subscribe("b", () => {});
    await bus.publish("a", "k", 1);
    const name = `${isolated.replace(/[^A-Za-z0-9_.-]/g, "_")}bus`;
    const ours = async (): Promise<number> => {
      const list = String(await redis.call("CLIENT", "LIST"));
      return list.split("\n").filter((line) => line.includes(` name=${name}`)).length;
    };
    await vi.waitFor(async () => expect(await ours()).toBe(3), { timeout: 10_000, interval: 20 });
    // blockMs is a minute: close() must not wait for the pending XREAD to time out.
    await bus.close();
    await vi.waitFor(async () => expect(await ours()).toBe(0), { timeout: 10_000, interval: 20 });
    await deleteRedisKeys(isolated);
  });
});

describe("createRedisBus past its retention", () => {
  const prefix = testRedisPrefix("bus-gap");
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(async () => {
    await deleteRedisKeys(prefix);
    await redis.quit();
  });

  /** Publishes 350 messages to a stream trimmed to about 10; returns their ids and what is retained. */
  async function trimmedStream(topic: string): Promise<{ published: string[]; retained: string[] }> {
    const producer = createRedisBus({ url: TEST_REDIS_URL, prefix, logger, maxLen: 10 });
    const published: string[] = [];
    for (let n = 0; n < 350; n++) published.push(await producer.publish(topic, "k", { n }));
    await producer.close();
    const retained = (await redis.xrange(`${prefix}${topic}`, "-", "+")).map(([id]) => id);
    return { published, retained };
  }

  it("reports a gap, then the oldest retained message, when resuming from a trimmed position", async () => {
    const { published, retained } = await trimmedStream("gap");
    // the trim removed messages right after the first one (approximate trimming keeps more than 10)
    expect(retained.length).toBeLessThan(published.length - 1);
    expect(retained).toEqual(published.slice(published.length - retained.length));
    const consumer = createRedisBus({ url: TEST_REDIS_URL, prefix, logger, blockMs: 1_000 });
    const seen: string[] = [];
    await consumer.subscribe("gap", (m) => void seen.push(m.id), {
      fromIds: { gap: published[0]! },
      onGap: (g) => void seen.push(`gap ${g.topic} ${g.resumedAt}`),
    });
    await vi.waitFor(() => expect(seen).toHaveLength(retained.length + 1), { timeout: 10_000, interval: 5 });
    expect(seen).toEqual([`gap gap ${retained[0]}`, ...retained]);
    await consumer.close();
  });

  it("reports no gap when the position is still retained", async () => {
    const { retained } = await trimmedStream("nogap");
    const consumer = createRedisBus({ url: TEST_REDIS_URL, prefix, logger, blockMs: 1_000 });
    const seen: string[] = [];
    await consumer.subscribe("nogap", (m) => void seen.push(m.id), {
      fromIds: { nogap: retained[0]! },
      onGap: (g) => void seen.push(`gap ${g.resumedAt}`),
    });
    await vi.waitFor(() => expect(seen).toHaveLength(retained.length - 1), { timeout: 10_000, interval: 5 });
    expect(seen).toEqual(retained.slice(1));
    await consumer.close();
  });
});

describe("createRedisBus with foreign entries", () => {
  it("skips an entry whose payload is not JSON and keeps reading", async () => {
    const prefix = testRedisPrefix("bus-foreign");
    const redis = new Redis(TEST_REDIS_URL);
    const bus = createRedisBus({ url: TEST_REDIS_URL, prefix, logger });
    const got: number[] = [];
    await bus.subscribe<{ n: number }>("t", (m) => void got.push(m.payload.n));
    await redis.xadd(`${prefix}t`, "*", "k", "x", "p", "{not json");
    await bus.publish("t", "k", { n: 1 });
    await vi.waitFor(() => expect(got).toEqual([1]), { timeout: 10_000, interval: 5 });
    await bus.close();
    await deleteRedisKeys(prefix);
    await redis.quit();
  });
});
