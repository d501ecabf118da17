import { randomBytes } from "node:crypto";
import { TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createScriptPipeline } from "./createScriptPipeline.ts";

describe("createScriptPipeline", () => {
  const redis = new Redis(TEST_REDIS_URL);
  const prefix = testRedisPrefix("scriptpipe");
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  // A body Redis has never seen (random comment), so the first calls meet NOSCRIPT.
  const lua = `-- ${randomBytes(8).toString("hex")}
if ARGV[1] == 'fail' then return redis.error_reply('refused') end
return {ARGV[1], redis.call('INCR', KEYS[1])}`;

  it("answers each call of one turn with its own reply, in order, loading the script once Redis lacks it", async () => {
    const run = createScriptPipeline(redis).bind(lua);
    const key = `${prefix}counter`;
    const first = await Promise.all(["a", "b", "c", "d"].map((x) => run([key], [x])));
    expect(first).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 3],
      ["d", 4],
    ]);
    // Now cached in Redis: the same calls go by hash.
    const second = await Promise.all(["e", "f"].map((x) => run([key], [x])));
    expect(second).toEqual([
      ["e", 5],
      ["f", 6],
    ]);
    expect(await redis.get(key)).toBe("6");
  });

  it("keeps the order of a turn with more calls than one pipeline sends at once", async () => {
    const run = createScriptPipeline(redis).bind(lua);
    const key = `${prefix}many`;
    const names = Array.from({ length: 40 }, (_, i) => `c${i}`);
    const replies = await Promise.all(names.map((x) => run([key], [x])));
    expect(replies).toEqual(names.map((x, i) => [x, i + 1]));
  });

  it("fails only the call Redis refused", async () => {
    const run = createScriptPipeline(redis).bind(lua);
    const key = `${prefix}mixed`;
    const results = await Promise.allSettled([run([key], ["x"]), run([key], ["fail"]), run([key], ["y"])]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason.message).toContain("refused");
    expect(results[2]).toEqual({ status: "fulfilled", value: ["y", 2] });
  });
});
