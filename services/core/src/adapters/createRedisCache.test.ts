import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_REDIS_URL, testRedisPrefix } from "../testing/createTestDatabase.ts";
import { deleteRedisKeys } from "../testing/deleteRedisKeys.ts";
import { cacheContract } from "./cacheContract.ts";
import { createRedisCache } from "./createRedisCache.ts";

const contractPrefix = testRedisPrefix("cache");
cacheContract(
  "redis",
  () => createRedisCache({ url: TEST_REDIS_URL, prefix: contractPrefix }),
  async () => void (await deleteRedisKeys(contractPrefix)),
);

describe("createRedisCache", () => {
  const prefix = testRedisPrefix("cache-redis");
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(async () => {
    await deleteRedisKeys(prefix);
    await redis.quit();
  });

  it("concurrent debits from several clients (as from several pods) share one balance", async () => {
    const clients = [0, 1, 2].map(() => createRedisCache({ url: TEST_REDIS_URL, prefix }));
    await clients[0]!.incrBy("shared", 60);
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => clients[i % clients.length]!.debitIfAvailable("shared", 2, -4)),
    );
    // 60 down to the floor -4 in steps of 2: 32 debits fit.
    expect(results.filter((r) => r !== null)).toHaveLength(32);
    expect(await redis.get(`${prefix}shared`)).toBe("-4");
    await Promise.all(clients.map((c) => c.close()));
  });

  it("stores keys under the prefix, with the TTL on the Redis key", async () => {
    const cache = createRedisCache({ url: TEST_REDIS_URL, prefix });
    await cache.incrBy("ttl", 1, 90_000);
    const pttl = await redis.pttl(`${prefix}ttl`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(90_000);
    await cache.incrBy("plain", 1);
    expect(await redis.pttl(`${prefix}plain`)).toBe(-1);
    await cache.close();
  });
});
