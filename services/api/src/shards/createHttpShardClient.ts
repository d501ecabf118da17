import { readFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import {
  ApiError,
  type Context,
  createShardRouter,
  parseShardMap,
  type QueryApi,
  type ShardMap,
  type ShardRouter,
  UnavailableError,
} from "@tapeline/core";
import { Counter, Histogram } from "prom-client";
import type { ShardClient } from "../shardClient.ts";
import { apiErrorFromBody } from "./apiErrorFromBody.ts";

export type HttpShardClientOptions = {
  /** The shard-map JSON file (a mounted ConfigMap key). */
  mapPath: string;
  ctx: Context;
  /** Per-call bound; a shard that does not answer in time is unavailable. @defaultValue 10000 */
  timeoutMs?: number;
  /** How often the map file is re-read; 0 disables polling (call `reload`). @defaultValue 2000 */
  pollMs?: number;
  /** How long a failed shard is avoided by `any()`, and the Retry-After it answers. @defaultValue 1000 */
  retryAfterMs?: number;
  /** Keep-alive sockets per shard. @defaultValue 64 */
  maxSockets?: number;
};

/** The cluster's shard client, with the map it currently routes by. */
export type HttpShardClient = ShardClient & {
  readonly map: ShardMap;
  /** Re-reads the map file now. @returns true when a new map took effect. */
  reload(): Promise<boolean>;
  /** Stops polling and closes every keep-alive socket. */
  close(): Promise<void>;
};

type Shard = { name: string; url: URL; agent: http.Agent; failedUntil: number; api: QueryApi };

/**
 * A shard client over HTTP. Routes each key by the shard map the operator publishes (read from
 * `mapPath`, re-read every `pollMs`: a ConfigMap volume swaps its files atomically, so a read
 * sees the old or the new map, never half of one; an invalid new map is logged and ignored).
 * Every QueryApi method is proxied to `POST <url>/rpc/<method>` with the JSON params array over
 * keep-alive connections. A shard that refuses, fails or times out answers 503 UNAVAILABLE with
 * Retry-After; an ApiError the shard answered is rethrown as is.
 * @throws Error when the map file is missing or invalid at start.
 */
export async function createHttpShardClient(opts: HttpShardClientOptions): Promise<HttpShardClient> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const retryAfterMs = opts.retryAfterMs ?? 1000;
  const logger = opts.ctx.logger.child({ component: "shard-client" });
  const calls = metric(
    opts.ctx,
    "shard_rpc_requests_total",
    () =>
      new Counter({
        name: "shard_rpc_requests_total",
        help: "Calls from the router to query shards",
        labelNames: ["shard", "method", "outcome"],
        registers: [opts.ctx.metrics],
      }),
  );
  const latency = metric(
    opts.ctx,
    "shard_rpc_duration_seconds",
    () =>
      new Histogram({
        name: "shard_rpc_duration_seconds",
        help: "Latency of calls from the router to query shards",
        labelNames: ["shard", "method"],
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers: [opts.ctx.metrics],
      }),
  );

  let text = await readFile(opts.mapPath, "utf8");
  let router: ShardRouter = createShardRouter(parseShardMap(JSON.parse(text)));
  let shards: Shard[] = [];
  let byName = new Map<string, Shard>();
  let cursor = 0;
  install(router.map);

  function install(map: ShardMap): void {
    const next = map.shards.map((s) => {
      const prior = byName.get(s.name);
      if (prior && prior.url.href === new URL(s.url).href) return prior;
      return makeShard(s.name, s.url);
    });
    const kept = new Set(next);
    for (const old of shards) if (!kept.has(old)) old.agent.destroy();
    shards = next;
    byName = new Map(next.map((s) => [s.name, s]));
  }

  function makeShard(name: string, url: string): Shard {
    const parsed = new URL(url);
    const Agent = parsed.protocol === "https:" ? https.Agent : http.Agent;
    const agent = new Agent({ keepAlive: true, maxSockets: opts.maxSockets ?? 64 });
    const api = new Proxy({} as QueryApi, {
      get(_target, prop) {
        // Not a thenable, and no symbol or prototype lookups reach the network.
        if (typeof prop !== "string" || prop === "then" || prop === "toJSON") return undefined;
        return (...args: unknown[]) => call(name, prop, args);
      },
    });
    return { name, url: parsed, agent, failedUntil: 0, api };
  }

  async function call(name: string, method: string, args: unknown[]): Promise<unknown> {
    const shard = byName.get(name);
    if (!shard) throw new UnavailableError(`query shard ${name} left the shard map`, retryAfterMs);
    const stop = latency.startTimer({ shard: name, method });
    try {
      const { status, body } = await post(shard, method, JSON.stringify(args));
      const parsed = body.length > 0 ? (JSON.parse(body) as unknown) : null;
      if (status === 200) {
        shard.failedUntil = 0;
        calls.inc({ shard: name, method, outcome: "ok" });
        return parsed;
      }
      const err = apiErrorFromBody(status, parsed);
      if (!err) throw new Error(`query shard ${name} answered ${status} without an error body`);
      if (status >= 500) shard.failedUntil = Date.now() + retryAfterMs;
      calls.inc({ shard: name, method, outcome: err.code });
      throw err;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      shard.failedUntil = Date.now() + retryAfterMs;
      calls.inc({ shard: name, method, outcome: "unavailable" });
      logger.warn({ err, shard: name, method }, "query shard call failed");
      throw new UnavailableError(`query shard ${name} is unavailable`, retryAfterMs, err);
    } finally {
      stop();
    }
  }

  function post(shard: Shard, method: string, payload: string): Promise<{ status: number; body: string }> {
    const transport = shard.url.protocol === "https:" ? https : http;
    const base = shard.url.pathname.replace(/\/$/, "");
    return new Promise((resolve, reject) => {
      const req = transport.request(
        {
          protocol: shard.url.protocol,
          hostname: shard.url.hostname,
          port: shard.url.port,
          path: `${base}/rpc/${encodeURIComponent(method)}`,
          method: "POST",
          agent: shard.agent,
          timeout: timeoutMs,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
          );
          res.on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on("error", reject);
      req.end(payload);
    });
  }

  async function reload(): Promise<boolean> {
    let next: string;
    try {
      next = await readFile(opts.mapPath, "utf8");
    } catch (err) {
      logger.error({ err, path: opts.mapPath }, "cannot read the shard map; keeping the current one");
      return false;
    }
    if (next === text) return false;
    try {
      const map = parseShardMap(JSON.parse(next));
      router = createShardRouter(map);
      install(map);
      text = next;
      logger.info({ version: map.version, shards: map.shards.length }, "shard map changed");
      return true;
    } catch (err) {
      logger.error({ err, path: opts.mapPath }, "invalid shard map; keeping the current one");
      return false;
    }
  }

  const pollMs = opts.pollMs ?? 2000;
  const timer = pollMs > 0 ? setInterval(() => void reload(), pollMs) : null;
  timer?.unref();

  return {
    get map() {
      return router.map;
    },
    forKey(key) {
      const shard = shards[router.shardOf(key)];
      if (!shard) throw new UnavailableError("no query shard is configured", retryAfterMs);
      return shard.api;
    },
    any() {
      const now = Date.now();
      for (let i = 0; i < shards.length; i++) {
        const shard = shards[(cursor + i) % shards.length] as Shard;
        if (shard.failedUntil <= now) {
          cursor = (cursor + i + 1) % shards.length;
          return shard.api;
        }
      }
      // Every shard failed recently: try the next one anyway rather than refusing outright.
      cursor = (cursor + 1) % shards.length;
      return (shards[cursor] as Shard).api;
    },
    all() {
      return shards.map((s) => s.api);
    },
    reload,
    async close() {
      if (timer) clearInterval(timer);
      for (const s of shards) s.agent.destroy();
    },
  };
}

function metric<T>(ctx: Context, name: string, create: () => T): T {
  return (ctx.metrics.getSingleMetric(name) as T | undefined) ?? create();
}
