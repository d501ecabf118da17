import { readFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import {
  ApiError,
  type Context,
  createShardRouter,
  errorSlot,
  isQueryBatchMethod,
  JSON_TEXT_METHODS,
  JsonText,
  MAX_BATCH_ITEMS,
  parseShardMap,
  QUERY_RPC_METHODS,
  type QueryApi,
  type QueryBatchMethod,
  type QueryRpcMethod,
  queryBatchMethods,
  type ShardMap,
  type ShardRouter,
  SLOT_LENGTHS_HEADER,
  splitSlots,
  toApiError,
  UnavailableError,
} from "@tapeline/core";
import { Counter, Histogram } from "prom-client";
import type { ShardBatchItem, ShardClient } from "../shardClient.ts";
import { apiErrorFromBody } from "./apiErrorFromBody.ts";

export type HttpShardClientOptions = {
  /** The shard-map JSON file (a mounted ConfigMap key). */
  mapPath: string;
  ctx: Context;
  /** Per-call bound; a shard that does not answer in time is unavailable. @defaultValue 1200 */
  timeoutMs?: number;
  /** How often the map file is re-read; 0 disables polling (call `reload`). @defaultValue 2000 */
  pollMs?: number;
  /** How long a failed shard is passed over, and the Retry-After answered when none answers. @defaultValue 1000 */
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

/** The shard did not answer (refused, reset, timed out) or answered 503: another may. */
class ShardDownError extends Error {
  override name = "ShardDownError";
}

type Answer = { status: number; body: Buffer; headers: http.IncomingHttpHeaders };

/**
 * A shard client over HTTP. Routes each key by the shard map the operator publishes (read from
 * `mapPath`, re-read every `pollMs`: a ConfigMap volume swaps its files atomically, so a read
 * sees the old or the new map, never half of one; an invalid new map is logged and ignored).
 * Every method of the query RPC contract is sent as `POST <url>/rpc/<method>` with the JSON
 * params array, and a batch as one `POST <url>/batch/<method>` per owning shard, over keep-alive
 * connections; batch answers are cut into slots by their lengths header, and the answers of
 * `JSON_TEXT_METHODS` taken in as text, never parsed.
 * Failover: any shard can answer any key from Postgres, so when a key's shard refuses, times
 * out or answers 503, the call goes to the next shard in the key's rendezvous order (the shard
 * that would own it without the failed one), and the failed shard is passed over for
 * `retryAfterMs`. When every shard failed the call answers 503 UNAVAILABLE with Retry-After;
 * another ApiError a shard answered is rethrown as is.
 * @throws Error when the map file is missing or invalid at start.
 */
export async function createHttpShardClient(opts: HttpShardClientOptions): Promise<HttpShardClient> {
  const timeoutMs = opts.timeoutMs ?? 1200;
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
  // One failover-aware api per partition, made on first use.
  let partitionApis = new Map<number, QueryApi>();
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
    partitionApis = new Map();
  }

  function makeShard(name: string, url: string): Shard {
    const parsed = new URL(url);
    const Agent = parsed.protocol === "https:" ? https.Agent : http.Agent;
    const agent = new Agent({ keepAlive: true, maxSockets: opts.maxSockets ?? 64 });
    const shard: Shard = { name, url: parsed, agent, failedUntil: 0, api: {} as QueryApi };
    shard.api = contractApi((method, args) => callShard(shard, method, args));
    return shard;
  }

  /** Shards to try for a partition: its owner first unless it failed lately, then the ranking. */
  function candidates(partition: number): Shard[] {
    const owner = shards[router.shardOfPartition(partition)];
    if (owner && owner.failedUntil <= Date.now()) return [owner];
    return ranked(partition);
  }

  /** Every shard in the partition's rendezvous order, those that failed lately last. */
  function ranked(partition: number): Shard[] {
    const now = Date.now();
    const order = router.rankingOf(partition).map((i) => shards[i] as Shard);
    return [...order.filter((s) => s.failedUntil <= now), ...order.filter((s) => s.failedUntil > now)];
  }

  function callPartition(partition: number, method: QueryRpcMethod, args: unknown[]): Promise<unknown> {
    return onPartition(partition, (shard) => callShard(shard, method, args));
  }

  /** `call` on the partition's owner, then down its ranking while shards are down. */
  async function onPartition<T>(partition: number, call: (shard: Shard) => Promise<T>): Promise<T> {
    let order = candidates(partition);
    let lastErr: unknown;
    for (let i = 0; i < shards.length; i++) {
      // Only the owner was listed: continue down the partition's ranking.
      if (i >= order.length) order = [...order, ...ranked(partition).filter((s) => !order.includes(s))];
      const shard = order[i];
      if (!shard) break;
      try {
        return await call(shard);
      } catch (err) {
        if (!(err instanceof ShardDownError)) throw err;
        lastErr = err;
      }
    }
    throw new UnavailableError("no query shard answered", retryAfterMs, lastErr);
  }

  /** Keyless calls go round the shards, passing over those that failed lately, and fail over. */
  async function callAny(method: QueryRpcMethod, args: unknown[]): Promise<unknown> {
    const now = Date.now();
    const start = cursor++ % shards.length;
    const round = [...shards.slice(start), ...shards.slice(0, start)];
    const order = [...round.filter((s) => s.failedUntil <= now), ...round.filter((s) => s.failedUntil > now)];
    let lastErr: unknown;
    for (const shard of order) {
      try {
        return await callShard(shard, method, args);
      } catch (err) {
        if (!(err instanceof ShardDownError)) throw err;
        lastErr = err;
      }
    }
    throw new UnavailableError("no query shard answered", retryAfterMs, lastErr);
  }
  const anyApi = contractApi(callAny);

  async function callShard(shard: Shard, method: QueryRpcMethod, args: unknown[]): Promise<unknown> {
    const answer = await send(shard, `rpc/${method}`, method, JSON.stringify(args));
    if (answer.status === 200 && JSON_TEXT_METHODS.has(method))
      return new JsonText(answer.body.toString("utf8"));
    const parsed = answer.body.length > 0 ? (JSON.parse(answer.body.toString("utf8")) as unknown) : null;
    if (answer.status === 200) return parsed;
    throw answeredError(shard, answer.status, parsed);
  }

  /** A call whose 200 answer is returned as the shard's bytes; only an error answer is parsed. */
  async function callShardSerialized(shard: Shard, method: QueryRpcMethod, args: unknown[]): Promise<Buffer> {
    const answer = await send(shard, `rpc/${method}`, method, JSON.stringify(args));
    if (answer.status === 200) return answer.body.length > 0 ? answer.body : NULL_JSON;
    const parsed = answer.body.length > 0 ? (JSON.parse(answer.body.toString("utf8")) as unknown) : null;
    throw answeredError(shard, answer.status, parsed);
  }

  /**
   * One exchange with a shard, counted and timed.
   * @throws ShardDownError when it does not answer or answers 503 (the shard is marked failed)
   */
  async function send(shard: Shard, path: string, method: string, payload: string): Promise<Answer> {
    const stop = latency.startTimer({ shard: shard.name, method });
    try {
      const answer = await post(shard, path, payload);
      if (answer.status === 503) throw new Error("the shard answered 503");
      shard.failedUntil = 0;
      calls.inc({ shard: shard.name, method, outcome: answer.status === 200 ? "ok" : String(answer.status) });
      return answer;
    } catch (err) {
      shard.failedUntil = Date.now() + retryAfterMs;
      calls.inc({ shard: shard.name, method, outcome: "unavailable" });
      logger.warn({ err, shard: shard.name, method }, "query shard call failed");
      throw new ShardDownError(`query shard ${shard.name} is unavailable`, { cause: err });
    } finally {
      stop();
    }
  }

  function answeredError(shard: Shard, status: number, parsed: unknown): ApiError {
    return (
      apiErrorFromBody(status, parsed) ??
      new ApiError("INTERNAL", 500, "internal error", {
        cause: new Error(`query shard ${shard.name} answered ${status} without an error body`),
      })
    );
  }

  async function batch(method: QueryBatchMethod, items: readonly ShardBatchItem[]): Promise<Buffer[]> {
    const slots: Buffer[] = new Array(items.length);
    const partitions = items.map((it) => router.partitionOf(it.key));
    const down = new Set<Shard>();
    let pending = items.map((_, i) => i);
    let lastErr: unknown;
    while (pending.length > 0) {
      const groups = new Map<Shard, number[]>();
      const stranded: number[] = [];
      for (const i of pending) {
        const partition = partitions[i] as number;
        const shard =
          down.size === 0 ? candidates(partition)[0] : ranked(partition).find((s) => !down.has(s));
        if (!shard) stranded.push(i);
        else {
          const group = groups.get(shard);
          if (group) group.push(i);
          else groups.set(shard, [i]);
        }
      }
      // made only when needed: an error captures a stack trace, a cost on every batch otherwise
      if (stranded.length > 0) {
        const unavailable = errorSlotBytes(
          new UnavailableError("no query shard answered", retryAfterMs, lastErr),
        );
        for (const i of stranded) slots[i] = unavailable;
      }
      const retry: number[] = [];
      await Promise.all(
        [...groups].map(async ([shard, indices]) => {
          try {
            const got = await batchOn(shard, method, indices, items);
            indices.forEach((idx, k) => {
              slots[idx] = got[k] as Buffer;
            });
          } catch (err) {
            if (!(err instanceof ShardDownError)) {
              const slot = errorSlotBytes(toApiError(err));
              for (const idx of indices) slots[idx] = slot;
              return;
            }
            lastErr = err;
            down.add(shard);
            retry.push(...indices);
          }
        }),
      );
      pending = retry;
    }
    return slots;
  }

  async function batchOn(
    shard: Shard,
    method: QueryBatchMethod,
    indices: number[],
    items: readonly ShardBatchItem[],
  ): Promise<Buffer[]> {
    const payload = JSON.stringify({ items: indices.map((i) => [i, (items[i] as ShardBatchItem).param]) });
    const answer = await send(shard, `batch/${method}`, `batch/${method}`, payload);
    if (answer.status !== 200) {
      const parsed = answer.body.length > 0 ? (JSON.parse(answer.body.toString("utf8")) as unknown) : null;
      throw answeredError(shard, answer.status, parsed);
    }
    try {
      return splitSlots(
        answer.body,
        answer.headers[SLOT_LENGTHS_HEADER] as string | undefined,
        indices.length,
      );
    } catch (err) {
      logger.error({ err, shard: shard.name, method }, "query shard answered a malformed batch");
      throw new ShardDownError(`query shard ${shard.name} answered a malformed batch`, { cause: err });
    }
  }

  function post(shard: Shard, path: string, payload: string): Promise<Answer> {
    const transport = shard.url.protocol === "https:" ? https : http;
    const base = shard.url.pathname.replace(/\/$/, "");
    return new Promise((resolve, reject) => {
      const req = transport.request(
        {
          protocol: shard.url.protocol,
          hostname: shard.url.hostname,
          port: shard.url.port,
          path: `${base}/${path}`,
          method: "POST",
          agent: shard.agent,
          timeout: timeoutMs,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }),
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

  function serializedAlone(key: string, method: QueryRpcMethod, args: unknown[]): Promise<Buffer> {
    return onPartition(router.partitionOf(key), (shard) => callShardSerialized(shard, method, args));
  }

  const coalescer = createCoalescer({
    batch,
    alone: (method, key, param) => serializedAlone(key, method, [param]),
  });

  const pollMs = opts.pollMs ?? 2000;
  const timer = pollMs > 0 ? setInterval(() => void reload(), pollMs) : null;
  timer?.unref();

  return {
    get map() {
      return router.map;
    },
    forKey(key) {
      const partition = router.partitionOf(key);
      let api = partitionApis.get(partition);
      if (!api) {
        api = contractApi((method, args) => callPartition(partition, method, args));
        partitionApis.set(partition, api);
      }
      return api;
    },
    any() {
      return anyApi;
    },
    all() {
      return shards.map((s) => s.api);
    },
    batch,
    serialized(key, method, ...args) {
      if (args.length === 1 && isCoalesced(method)) return coalescer.call(method, key, args[0]);
      return serializedAlone(key, method, args);
    },
    reload,
    async close() {
      if (timer) clearInterval(timer);
      for (const s of shards) s.agent.destroy();
    },
  };
}

/** A QueryApi holding exactly the contract's methods, each sent through `call`. */
function contractApi(call: (method: QueryRpcMethod, args: unknown[]) => Promise<unknown>): QueryApi {
  return Object.fromEntries(
    QUERY_RPC_METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as unknown as QueryApi;
}

const NULL_JSON = Buffer.from("null");
const DATA_OPEN = Buffer.from('{"data":');
const CLOSE_BRACE = 0x7d;

/**
 * Batchable methods whose slot is `{ data: result }` with the result as a single call
 * serializes it, so a slot's data bytes are the single call's answer.
 */
function isCoalesced(method: QueryRpcMethod): method is QueryBatchMethod {
  if (!isQueryBatchMethod(method) || JSON_TEXT_METHODS.has(method)) return false;
  return !("slot" in queryBatchMethods[method]);
}

type Waiting = { key: string; param: unknown; resolve: (b: Buffer) => void; reject: (e: unknown) => void };

/**
 * Single-key calls of one event-loop turn sent as batch calls, one per owning shard, instead of
 * one exchange each: a busy router decides many requests in a turn (their gate decisions come
 * back from Redis together), and each exchange costs both sides far more than the answer. A
 * turn with one call for a method sends it alone. A slot holding data is answered with its data
 * bytes, exactly the single call's answer; an item whose slot is an error is sent again alone,
 * so its caller gets the error (with status and details) the single call gives.
 */
function createCoalescer(deps: {
  batch(method: QueryBatchMethod, items: readonly ShardBatchItem[]): Promise<Buffer[]>;
  alone(method: QueryBatchMethod, key: string, param: unknown): Promise<Buffer>;
}): { call(method: QueryBatchMethod, key: string, param: unknown): Promise<Buffer> } {
  let queued = new Map<QueryBatchMethod, Waiting[]>();
  let scheduled = false;

  function send(method: QueryBatchMethod, waiting: Waiting[]): void {
    if (waiting.length === 1) {
      const w = waiting[0] as Waiting;
      deps.alone(method, w.key, w.param).then(w.resolve, w.reject);
      return;
    }
    deps.batch(method, waiting).then(
      (slots) =>
        waiting.forEach((w, i) => {
          const slot = slots[i];
          if (slot && isDataSlot(slot)) w.resolve(slot.subarray(DATA_OPEN.length, slot.length - 1));
          else deps.alone(method, w.key, w.param).then(w.resolve, w.reject);
        }),
      () => {
        for (const w of waiting) deps.alone(method, w.key, w.param).then(w.resolve, w.reject);
      },
    );
  }

  function flush(): void {
    scheduled = false;
    const turn = queued;
    queued = new Map();
    for (const [method, waiting] of turn) send(method, waiting);
  }

  return {
    call(method, key, param) {
      return new Promise<Buffer>((resolve, reject) => {
        let waiting = queued.get(method);
        if (!waiting) {
          waiting = [];
          queued.set(method, waiting);
        }
        waiting.push({ key, param, resolve, reject });
        // A shard takes at most MAX_BATCH_ITEMS items a call.
        if (waiting.length >= MAX_BATCH_ITEMS) {
          queued.delete(method);
          send(method, waiting);
        } else if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}

function isDataSlot(slot: Buffer): boolean {
  return (
    slot.length > DATA_OPEN.length + 1 &&
    slot.subarray(0, DATA_OPEN.length).equals(DATA_OPEN) &&
    slot[slot.length - 1] === CLOSE_BRACE
  );
}

function errorSlotBytes(err: ApiError): Buffer {
  return Buffer.from(JSON.stringify(errorSlot(err)));
}

function metric<T>(ctx: Context, name: string, create: () => T): T {
  return (ctx.metrics.getSingleMetric(name) as T | undefined) ?? create();
}
