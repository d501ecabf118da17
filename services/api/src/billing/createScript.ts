import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/** A Lua script bound to a client: `run(keys, args)` evaluates it by hash, loading it once when Redis lacks it. */
export type RedisScript = (keys: string[], args: (string | number)[]) => Promise<unknown>;

/** Binds `lua` to `redis`, sending the script body only when Redis answers NOSCRIPT. */
export function createScript(redis: Redis, lua: string): RedisScript {
  const sha = createHash("sha1").update(lua).digest("hex");
  return async (keys, args) => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith("NOSCRIPT")) throw err;
      return redis.eval(lua, keys.length, ...keys, ...args);
    }
  };
}
