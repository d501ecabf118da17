/**
 * Cost of the billing gate (API key auth + rate limits + credits, all in Redis) per request.
 *
 * One run serves the same trivial 1-credit endpoint twice from a separate server process: once
 * behind the open gate and once behind the billing gate, then drives each with autocannon at a
 * fixed 5,000 requests per second (alternating, twice each), then at 1,000 per second, then
 * one request at a time, and prints client-side latency percentiles per pass and the p50
 * difference. The server also times admit + settle itself.
 *
 *   npx tsx bench/gate.bench.ts            (BENCH_RATE, BENCH_SECONDS, BENCH_CONNECTIONS to change)
 *
 * BENCH_SERVER_PROFILE=<dir> writes a V8 CPU profile of the server process there (node --cpu-prof).
 *
 * Needs PostgreSQL and Redis as the tests do (TEST_PG_ADMIN_URL, TEST_REDIS_URL).
 */
import { fork } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { createContext, envelope } from "@tapeline/core";
import { createTestDatabase, TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import { Redis } from "ioredis";
import pg from "pg";
import { z } from "zod";
import { createAccountService } from "../services/api/src/billing/createAccountService.ts";
import { createBillingGate } from "../services/api/src/billing/createBillingGate.ts";
import { loadBillingConfig } from "../services/api/src/billing/loadBillingConfig.ts";
import { createApp } from "../services/api/src/createApp.ts";
import { defineEndpoint } from "../services/api/src/endpoint.ts";
import { type Admission, openGate, type RequestGate } from "../services/api/src/gate.ts";
import type { ShardClient } from "../services/api/src/shardClient.ts";

const RATE = Number(process.env.BENCH_RATE ?? 5000);
/** A second, lower rate: where the machine is not saturated, the difference is the gate's own cost. */
const LOW_RATE = Number(process.env.BENCH_LOW_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

/** The part of autocannon's API used here (the package ships no types). */
type Autocannon = (opts: {
  url: string;
  connections: number;
  overallRate?: number;
  duration?: number;
  amount?: number;
  headers: Record<string, string>;
}) => PromiseLike<{ requests: { average: number }; non2xx: number }> & {
  on(event: "response", fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

type ServerReady = { open: number; gated: number };
type ServerTimings = { gateMs: number[] };

const token = defineEndpoint({
  method: "GET",
  path: "/v1/token",
  summary: "trivial 1-credit endpoint",
  response: z.unknown(),
  credits: { kind: "flat", amount: 1 },
  async handler() {
    return { body: envelope({ ok: true }) };
  },
});

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The server process: two listeners, open and gated, and a timer around the gate's work. */
async function serve(): Promise<void> {
  const dbUrl = process.env.BENCH_DB_URL!;
  const prefix = process.env.BENCH_PREFIX!;
  const ctx = createContext({ name: "gate-bench", level: "silent" });
  const redis = new Redis(TEST_REDIS_URL);
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
  const config = loadBillingConfig({}, { redisPrefix: prefix });
  const billing = createBillingGate({ redis, pg: pool, config, ctx });
  const gateMs: number[] = [];
  // Times admit and settle (the gate's whole share of a request) inside the server.
  const timed: RequestGate = {
    async admit(input) {
      const t0 = process.hrtime.bigint();
      const a: Admission = await billing.admit(input);
      let spent = Number(process.hrtime.bigint() - t0);
      return {
        ...a,
        async settle(result) {
          const t1 = process.hrtime.bigint();
          const h = await a.settle(result);
          spent += Number(process.hrtime.bigint() - t1);
          gateMs.push(spent / 1e6);
          return h;
        },
      };
    },
  };
  const noShards = {} as ShardClient;
  const common = {
    endpoints: [[token]],
    shards: noShards,
    ctx,
    readiness: async () => ({ serving: true, chains: [] }),
  };
  const open = createApp({ ...common, gate: openGate }).listen(0, "127.0.0.1");
  const gated = createApp({ ...common, gate: timed }).listen(0, "127.0.0.1");
  await Promise.all([open, gated].map((s) => new Promise((r) => s.once("listening", r))));
  const port = (s: typeof open) => (s.address() as { port: number }).port;
  process.on("message", async (msg: string) => {
    if (msg === "timings") {
      process.send!({ gateMs: gateMs.splice(0) } satisfies ServerTimings);
    } else if (msg === "stop") {
      open.close();
      gated.close();
      await billing.close();
      await pool.end();
      redis.disconnect();
      process.exit(0);
    }
  });
  process.send!({ open: port(open), gated: port(gated) } satisfies ServerReady);
}

type Pass = { name: string; p50: number; p90: number; p99: number; rps: number; non2xx: number };

/** A fixed-rate pass over CONNECTIONS connections, or (rate null) 3,000 requests one after another. */
async function drive(name: string, url: string, secret: string, rate: number | null): Promise<Pass> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: `${url}/v1/token`,
    headers: { authorization: secret },
    ...(rate === null
      ? { connections: 1, amount: 3000 }
      : { connections: CONNECTIONS, overallRate: rate, duration: SECONDS }),
  });
  // autocannon's own histogram has whole-millisecond buckets; keep the exact response times.
  instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    rps: result.requests.average,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const db = await createTestDatabase();
  const redis = new Redis(TEST_REDIS_URL);
  const prefix = testRedisPrefix("gatebench");
  const config = loadBillingConfig({}, { redisPrefix: prefix });
  const ctx = createContext({ name: "gate-bench", level: "silent" });
  const setupGate = createBillingGate({ redis, pg: db.pool, config, ctx, flush: false });
  const accounts = createAccountService({ pg: db.pool, store: setupGate.store });
  const account = await accounts.createAccount({ email: "bench@example.com", name: "bench" });
  await accounts.grantCredits(account.id, 1_000_000_000, "benchmark");
  const key = await accounts.createKey(account.id, "bench");
  await accounts.setKeyLimits(account.id, key.id, {
    ratePerMinute: 100_000_000,
    burstPerSecond: 10_000_000,
    groupCaps: null,
  });

  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: [
      "--import",
      "tsx",
      ...(process.env.BENCH_SERVER_PROFILE
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`]
        : []),
    ],
    env: { ...process.env, GATE_BENCH_SERVER: "1", BENCH_DB_URL: db.url, BENCH_PREFIX: prefix },
  });
  const ask = <T>(msg?: string) =>
    new Promise<T>((resolve) => {
      child.once("message", (m) => resolve(m as T));
      if (msg) child.send(msg);
    });
  try {
    const ports = await ask<ServerReady>();
    const openUrl = `http://127.0.0.1:${ports.open}`;
    const gatedUrl = `http://127.0.0.1:${ports.gated}`;
    // Warm both paths (JIT, connections, script cache) before measuring.
    await drive("warm-up", openUrl, key.secret, LOW_RATE);
    await drive("warm-up", gatedUrl, key.secret, LOW_RATE);
    await ask<ServerTimings>("timings");

    console.log(
      `gate benchmark: ${SECONDS}s per pass, ${CONNECTIONS} connections, open and billing gate alternating`,
    );
    console.log("pass                              p50 ms   p90 ms   p99 ms    req/s  non-2xx");
    for (const rate of [RATE, LOW_RATE, null]) {
      const label = rate === null ? "sequential" : `${rate}/s`;
      const passes: Pass[] = [];
      for (const round of [1, 2]) {
        passes.push(await drive(`${label} open gate, round ${round}`, openUrl, key.secret, rate));
        passes.push(await drive(`${label} billing gate, round ${round}`, gatedUrl, key.secret, rate));
      }
      const server = await ask<ServerTimings>("timings");
      const gateSorted = server.gateMs.sort((a, b) => a - b);
      for (const p of passes) {
        console.log(
          `${p.name.padEnd(32)} ${p.p50.toFixed(3).padStart(7)}  ${p.p90.toFixed(3).padStart(7)}  ${p.p99
            .toFixed(3)
            .padStart(7)}  ${p.rps.toFixed(0).padStart(7)}  ${String(p.non2xx).padStart(7)}`,
        );
      }
      const mean = (kind: string) => {
        const xs = passes.filter((p) => p.name.includes(kind)).map((p) => p.p50);
        return xs.reduce((s, x) => s + x, 0) / xs.length;
      };
      console.log(
        `  ${label}: p50 added by auth + credits + rate limit ${(mean("billing") - mean("open")).toFixed(3)} ms (client side); ` +
          `admit + settle inside the server p50 ${percentile(gateSorted, 50).toFixed(3)} ms, p99 ${percentile(gateSorted, 99).toFixed(3)} ms`,
      );
    }
    const figures = await setupGate.store.figures(account.id);
    console.log(`credits charged for the gated passes (warm-up included): ${figures?.used}`);
  } finally {
    child.send("stop");
    await new Promise((r) => child.once("exit", r));
    await setupGate.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    db.pool.on("error", () => {});
    await db.drop();
  }
}

if (process.env.GATE_BENCH_SERVER === "1") {
  void serve();
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
