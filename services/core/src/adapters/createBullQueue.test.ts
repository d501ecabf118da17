import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, describe, expect, it, vi } from "vitest";
import { TEST_REDIS_URL, testRedisPrefix } from "../testing/createTestDatabase.ts";
import { deleteRedisKeys } from "../testing/deleteRedisKeys.ts";
import { createBullQueue } from "./createBullQueue.ts";
import { queueContract } from "./queueContract.ts";

const logger = pino({ level: "silent" });
const prefix = testRedisPrefix("queue");
queueContract(
  "bullmq",
  () => createBullQueue({ url: TEST_REDIS_URL, prefix, logger }),
  async () => void (await deleteRedisKeys(prefix)),
);

describe("createBullQueue", () => {
  const own = testRedisPrefix("queue-bull");
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(async () => {
    await deleteRedisKeys(own);
    await redis.quit();
  });

  it("close() closes workers and queues and releases every connection", async () => {
    const q = createBullQueue({ url: TEST_REDIS_URL, prefix: own, logger });
    await q.process("a", async () => {});
    await q.process("b", async () => {}, { concurrency: 4 });
    const id = await q.enqueue("a", "n", 1);
    await vi.waitFor(async () => expect(await q.getState("a", id)).toBe("completed"), { timeout: 10_000 });
    const name = `${own.replace(/:+$/, "").replace(/[^A-Za-z0-9_.-]/g, "_")}_queue`;
    const ours = async (): Promise<number> => {
      const list = String(await redis.call("CLIENT", "LIST"));
      return list.split("\n").filter((line) => line.includes(` name=${name}`)).length;
    };
    expect(await ours()).toBeGreaterThan(0);
    await q.close();
    await vi.waitFor(async () => expect(await ours()).toBe(0), { timeout: 10_000, interval: 20 });
  });

  it("keeps jobs in Redis under the prefix, readable by another instance", async () => {
    const producer = createBullQueue({ url: TEST_REDIS_URL, prefix: own, logger });
    const consumer = createBullQueue({ url: TEST_REDIS_URL, prefix: own, logger });
    const id = await producer.enqueue("shared", "n", { v: 7 }, { jobId: "pod:handoff" });
    expect((await redis.keys(`${own}shared:*`)).length).toBeGreaterThan(0);
    const seen: unknown[] = [];
    await consumer.process("shared", async (job) => {
      seen.push(job.data);
    });
    await vi.waitFor(async () => expect(await producer.getState("shared", id)).toBe("completed"), {
      timeout: 10_000,
    });
    expect(seen).toEqual([{ v: 7 }]);
    await Promise.all([producer.close(), consumer.close()]);
  });
});
