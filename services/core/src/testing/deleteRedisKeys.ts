import { Redis } from "ioredis";
import { TEST_REDIS_URL } from "./createTestDatabase.ts";

/** Deletes every Redis key under `prefix` (the end-of-suite cleanup for `testRedisPrefix`). */
export async function deleteRedisKeys(prefix: string, url = TEST_REDIS_URL): Promise<number> {
  if (prefix.length < 4)
    throw new RangeError(`refusing to delete keys under the short prefix ${JSON.stringify(prefix)}`);
  const redis = new Redis(url);
  let deleted = 0;
  try {
    const pattern = `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`;
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    } while (cursor !== "0");
  } finally {
    await redis.quit();
  }
  return deleted;
}
