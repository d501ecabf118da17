import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import type { RedisScript } from "./createScript.ts";

type Queued = {
  sha: string;
  lua: string;
  argv: (string | number)[];
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
};

/**
 * Calls that make a pipeline go out at once instead of at the end of the turn: a busy turn
 * would otherwise hold its first calls back while it parses many more requests.
 */
const SEND_AT = 16;

function isNoScript(err: unknown): boolean {
  return err instanceof Error && err.message.startsWith("NOSCRIPT");
}

/**
 * Script calls of one event-loop turn sent to Redis as one pipeline: one socket write (and one
 * read on the Redis side) for all the requests a turn decides, instead of one per request.
 * Calls keep their order among themselves; `bind(lua)` returns the same `run(keys, args)` as
 * `createScript`, sending the body only to the calls Redis answered NOSCRIPT.
 */
export function createScriptPipeline(redis: Redis): { bind(lua: string): RedisScript } {
  let queue: Queued[] = [];
  let scheduled = false;

  function evalFallback(q: Queued): void {
    redis.eval(q.lua, ...(q.argv as [number, ...(string | number)[]])).then(q.resolve, q.reject);
  }

  function flush(): void {
    const batch = queue;
    if (batch.length === 0) return;
    queue = [];
    if (batch.length === 1) {
      const q = batch[0]!;
      redis.evalsha(q.sha, ...(q.argv as [number, ...(string | number)[]])).then(q.resolve, (err) => {
        if (isNoScript(err)) evalFallback(q);
        else q.reject(err);
      });
      return;
    }
    const pipeline = redis.pipeline();
    for (const q of batch) pipeline.evalsha(q.sha, ...(q.argv as [number, ...(string | number)[]]));
    pipeline.exec().then(
      (results) => {
        batch.forEach((q, i) => {
          const [err, value] = results?.[i] ?? [new Error("no reply from Redis"), null];
          if (!err) q.resolve(value);
          else if (isNoScript(err)) evalFallback(q);
          else q.reject(err);
        });
      },
      (err) => {
        for (const q of batch) q.reject(err);
      },
    );
  }

  return {
    bind(lua) {
      const sha = createHash("sha1").update(lua).digest("hex");
      return (keys, args) =>
        new Promise((resolve, reject) => {
          queue.push({ sha, lua, argv: [keys.length, ...keys, ...args], resolve, reject });
          if (queue.length >= SEND_AT) flush();
          else if (!scheduled) {
            scheduled = true;
            setImmediate(() => {
              scheduled = false;
              flush();
            });
          }
        });
    },
  };
}
