import type { ShardClient } from "../shardClient.ts";
import type { ReadinessCheck } from "./readiness.ts";

/**
 * Readiness of a router: it serves while at least one shard answers (shards read one shared
 * store, so any answering shard reports every chain). It does not serve once shutdown began.
 * `timeoutMs` bounds the wait on shards that hang.
 */
export function shardReadiness(
  shards: ShardClient,
  opts: { draining?: AbortSignal; timeoutMs?: number } = {},
): ReadinessCheck {
  const timeoutMs = opts.timeoutMs ?? 2000;
  return async () => {
    if (opts.draining?.aborted) return { serving: false, chains: [], reason: "shutting down" };
    const answers = await Promise.allSettled(
      shards.all().map((shard) => withTimeout(shard.readiness(), timeoutMs)),
    );
    const first = answers.find((a) => a.status === "fulfilled");
    if (!first) return { serving: false, chains: [], reason: "no query shard answered" };
    return { serving: true, chains: first.value };
  };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
