import { Redis } from "ioredis";
import type { Cache } from "../ports/cache.ts";
import { AdapterClosedError } from "./AdapterClosedError.ts";
import { assertCounterAmount } from "./assertCounterAmount.ts";

export type RedisCacheOptions = {
  /** Redis URL, e.g. `redis://127.0.0.1:6379`. */
  url: string;
  /** Prefix of every key. @defaultValue "tl:cache:" */
  prefix?: string;
};

// INCRBY, then PEXPIRE only if this call created the key: a TTL is a window that must not slide.
const INCR_BY = `
local created = redis.call('EXISTS', KEYS[1]) == 0
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = tonumber(ARGV[2])
if created and ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) end
return value`;

// Check and debit in one script, so no other client runs in between. DECRBY keeps the TTL.
const DEBIT_IF_AVAILABLE = `
local raw = redis.call('GET', KEYS[1])
local current = 0
if raw then
  current = tonumber(raw)
  if current == nil or string.find(raw, '^%-?%d+$') == nil then
    return redis.error_reply('ERR value is not an integer or out of range')
  end
end
if current - tonumber(ARGV[1]) < tonumber(ARGV[2]) then return false end
return redis.call('DECRBY', KEYS[1], ARGV[1])`;

type CounterCommands = {
  tlIncrBy(key: string, by: number, ttlMs: number): Promise<number>;
  tlDebitIfAvailable(key: string, amount: number, floor: number): Promise<number | null>;
};

/**
 * Cache and atomic counters on Redis. `incrBy` and `debitIfAvailable` are single Lua scripts
 * (EVALSHA with EVAL fallback), so concurrent callers on any number of pods never overdraw a
 * balance below its floor.
 */
export function createRedisCache(opts: RedisCacheOptions): Cache {
  const prefix = opts.prefix ?? "tl:cache:";
  const connectionName = `${prefix.replace(/[^A-Za-z0-9_.-]/g, "_")}cache`;
  const redis = new Redis(opts.url, { connectionName, lazyConnect: true }) as Redis & CounterCommands;
  redis.defineCommand("tlIncrBy", { numberOfKeys: 1, lua: INCR_BY });
  redis.defineCommand("tlDebitIfAvailable", { numberOfKeys: 1, lua: DEBIT_IF_AVAILABLE });
  let closed = false;

  const k = (key: string): string => {
    if (closed) throw new AdapterClosedError("redis cache");
    return `${prefix}${key}`;
  };

  return {
    async get(key) {
      return redis.get(k(key));
    },
    async set(key, value, ttlMs) {
      if (ttlMs !== undefined && ttlMs > 0) await redis.set(k(key), value, "PX", Math.ceil(ttlMs));
      else await redis.set(k(key), value);
    },
    async del(key) {
      await redis.del(k(key));
    },
    async incrBy(key, by, ttlMs) {
      const full = k(key);
      assertCounterAmount("by", by);
      return redis.tlIncrBy(full, by, ttlMs !== undefined && ttlMs > 0 ? Math.ceil(ttlMs) : 0);
    },
    async debitIfAvailable(key, amount, floor = 0) {
      const full = k(key);
      assertCounterAmount("amount", amount);
      assertCounterAmount("floor", floor);
      if (amount < 0) throw new RangeError(`amount must not be negative, got ${amount}`);
      return redis.tlDebitIfAvailable(full, amount, floor);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (redis.status === "wait") redis.disconnect();
      else await redis.quit().catch(() => redis.disconnect());
    },
  };
}
