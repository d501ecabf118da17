/**
 * `POST /v1/pool` with 100 markets through the router to 3 query shards, each shard and the
 * router a process of its own over one Postgres, the markets' answers cached on the shards.
 * Compares the batch as one call per owning shard (the router writes the shards' serialized
 * slots into the response) with the batch as one call per item (each answer parsed and
 * re-serialized by the router, as `POST /v1/pool` was served before), measured from this process
 * over one keep-alive connection, then over 4. Beside the latencies, the CPU time the router and
 * the shards spent a request (read from /proc over each pass), which the machine's load moves far
 * less than wall-clock figures, and what that CPU time would serve on two idle cores.
 * Then the batch path again under each load generator of `runLoad.ts` (wrk, autocannon), one and
 * four connections for BENCH_DURATION_S each: this process's own collector pauses (scavenges of
 * 5 ms at the median, 13 ms at p90, about one every hundred calls) land in the latencies it
 * measures itself, and a load generator in a process of its own keeps them out.
 * Env: BENCH_REQUESTS (per pass, default 1000; the warm-up sends a fifth of it on each path;
 * the one-call-per-item path, a hundred times the calls, gets a tenth of it), BENCH_DURATION_S
 * (per load generator pass, default 10), BENCH_LOADGEN (wrk or autocannon alone).
 */
import { fork } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  createContext,
  createPgPool,
  envelope,
  marketKey,
  ROUTER_NODE_OPTIONS,
  runBatch,
  SERVING_NODE_OPTIONS,
} from "@tapeline/core";
import { createTestDatabase } from "@tapeline/core/testing";
import { z } from "zod";
import { createApp } from "../services/api/src/createApp.ts";
import { defineEndpoint } from "../services/api/src/endpoint.ts";
import { marketEndpoints } from "../services/api/src/endpoints/market/endpoints.ts";
import { openGate } from "../services/api/src/gate.ts";
import { shardReadiness } from "../services/api/src/http/shardReadiness.ts";
import { createHttpShardClient } from "../services/api/src/shards/createHttpShardClient.ts";
import { createQueryService } from "../services/query/src/createQueryService.ts";
import { createRpcApp } from "../services/query/src/createRpcApp.ts";
import { createMarketProvider } from "../services/query/src/market/createMarketProvider.ts";
import {
  BENCH_CHAIN,
  benchPoolOf,
  loadBenchTrades,
} from "../services/query/src/market/testing/loadBenchTrades.ts";
import { processTreeCpuSeconds } from "./backendCpuSeconds.ts";
import { loadGenerators, runLoad } from "./runLoad.ts";

const SHARDS = 3;
const ITEMS = 100;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
// Long enough that every answer in a pass comes from the shards' caches.
const MARKET_OPTIONS = { definitionTtlMs: 600_000 };

/** The batch as one call per item through the same shard client. */
const perItemPool = defineEndpoint({
  method: "POST",
  path: "/bench/pool-per-item",
  summary: "POST /v1/pool served with one shard call per item",
  body: z.strictObject({ items: z.array(z.strictObject({ chain: z.string(), address: z.string() })) }),
  response: z.unknown(),
  credits: { kind: "free" },
  batch: true,
  async handler({ body, shards }) {
    const data = await runBatch(body.items, (item) =>
      shards
        .forKey(marketKey(BENCH_CHAIN, item.address))
        .poolDefinition({ chain: BENCH_CHAIN, address: item.address }),
    );
    return { body: envelope(data) };
  },
});

async function shard(): Promise<void> {
  const ctx = createContext({ name: "bench-shard", level: "silent" });
  const pool = createPgPool({ url: process.env.BENCH_DB_URL ?? "", max: 8 });
  const service = await createQueryService({
    pool,
    ctx,
    providers: [createMarketProvider(MARKET_OPTIONS)],
  });
  const server = createRpcApp({ service, ctx }).listen(0, "127.0.0.1", () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
}

async function router(): Promise<void> {
  const ctx = createContext({ name: "bench-router", level: "silent" });
  const shards = await createHttpShardClient({ mapPath: process.env.BENCH_MAP ?? "", ctx, pollMs: 0 });
  const app = createApp({
    endpoints: [marketEndpoints, [perItemPool]],
    shards,
    gate: openGate,
    ctx,
    readiness: shardReadiness(shards),
  });
  const server = app.listen(0, "127.0.0.1", () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
}

type Child = { port: number; pid: number; kill: () => void };

function start(role: string, env: Record<string, string>): Promise<Child> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ["--import", "tsx"],
    // the router's and the shards' images' node options
    env: {
      ...process.env,
      ...env,
      BENCH_ROLE: role,
      NODE_OPTIONS: role === "router" ? ROUTER_NODE_OPTIONS : SERVING_NODE_OPTIONS,
    },
  });
  return new Promise((resolve, reject) => {
    child.once("message", (m) =>
      resolve({ port: (m as { port: number }).port, pid: child.pid as number, kill: () => child.kill() }),
    );
    child.once("exit", (code) => reject(new Error(`${role} exited with ${code}`)));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function post(port: number, p: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: p,
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        let bytes = 0;
        res.on("data", (c: Buffer) => {
          bytes += c.length;
        });
        res.on("end", () => {
          if (res.statusCode !== 200 || bytes < 1000) reject(new Error(`${p} answered ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1e6);
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function pass(port: number, p: string, body: string, connections: number, requests = REQUESTS) {
  const latencies: number[] = [];
  let sent = 0;
  const started = process.hrtime.bigint();
  const lane = async () => {
    while (sent < requests) {
      sent++;
      latencies.push(await post(port, p, body));
    }
  };
  await Promise.all(Array.from({ length: connections }, lane));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] as number;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), rps: requests / seconds };
}

async function main(): Promise<void> {
  const db = await createTestDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), "tl-poolbatch-"));
  const children: Child[] = [];
  try {
    await loadBenchTrades(db.pool, {
      trades: ITEMS * 20,
      pools: ITEMS,
      spanMs: 3_600_000,
      nowMs: Date.now(),
      batch: 500,
      writers: 1,
    });
    for (let i = 0; i < SHARDS; i++) children.push(await start("shard", { BENCH_DB_URL: db.url }));
    const mapPath = path.join(dir, "shards.json");
    writeFileSync(
      mapPath,
      JSON.stringify({
        version: 1,
        partitions: 4096,
        shards: children.map((c, i) => ({ name: `q-${i}`, url: `http://127.0.0.1:${c.port}` })),
      }),
    );
    const api = await start("router", { BENCH_MAP: mapPath });
    children.push(api);

    const body = JSON.stringify({
      items: Array.from({ length: ITEMS }, (_, i) => ({ chain: BENCH_CHAIN, address: benchPoolOf(i) })),
    });
    const targets = [
      ["one call per item (before)", "/bench/pool-per-item"],
      ["one call per shard (after)", "/v1/pool"],
    ] as const;
    // Warm the shards' caches, the connections and the JIT on both paths.
    for (const [, p] of targets)
      await pass(api.port, p, body, 4, Math.ceil(REQUESTS / (p === "/v1/pool" ? 5 : 50)));

    const shardPids = children.slice(0, SHARDS).map((c) => c.pid);
    const cpu = () => ({
      router: processTreeCpuSeconds(api.pid) ?? Number.NaN,
      shards: shardPids.reduce((s, pid) => s + (processTreeCpuSeconds(pid) ?? Number.NaN), 0),
    });
    console.log(
      `POST /v1/pool, ${ITEMS} markets over ${SHARDS} shard processes, cached; ${REQUESTS} requests per pass ` +
        `(${Math.ceil(REQUESTS / 10)} one call per item); load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}`,
    );
    console.log(
      "path                          connections   p50 ms   p90 ms   p99 ms    req/s  router CPU ms  shards CPU ms  req/s on 2 idle cores",
    );
    for (const connections of [1, 4]) {
      for (const [label, p] of targets) {
        const requests = p === "/v1/pool" ? REQUESTS : Math.ceil(REQUESTS / 10);
        const before = cpu();
        const r = await pass(api.port, p, body, connections, requests);
        const after = cpu();
        const routerMs = ((after.router - before.router) * 1000) / requests;
        const shardsMs = ((after.shards - before.shards) * 1000) / requests;
        console.log(
          `${label.padEnd(30)}${String(connections).padStart(11)}${r.p50.toFixed(2).padStart(9)}${r.p90.toFixed(2).padStart(9)}${r.p99.toFixed(2).padStart(9)}${r.rps.toFixed(0).padStart(9)}` +
            `${routerMs.toFixed(2).padStart(15)}${shardsMs.toFixed(2).padStart(15)}${(2000 / (routerMs + shardsMs)).toFixed(0).padStart(23)}`,
        );
      }
    }
    for (const tool of await loadGenerators()) {
      for (const connections of [1, 4]) {
        const before = cpu();
        const r = await runLoad(tool, {
          url: `http://127.0.0.1:${api.port}`,
          paths: ["/v1/pool"],
          headers: { "content-type": "application/json" },
          connections,
          durationS: DURATION_S,
          method: "POST",
          body,
        });
        const after = cpu();
        if (r.non2xx > 0 || r.errors > 0)
          throw new Error(`${tool}: ${r.non2xx} answers not 2xx, ${r.errors} errors`);
        const routerMs = ((after.router - before.router) * 1000) / r.total;
        const shardsMs = ((after.shards - before.shards) * 1000) / r.total;
        console.log(
          `${`one call per shard, ${tool}`.padEnd(30)}${String(connections).padStart(11)}${r.p50.toFixed(2).padStart(9)}${r.p90.toFixed(2).padStart(9)}${r.p99.toFixed(2).padStart(9)}${r.requestsPerS.toFixed(0).padStart(9)}` +
            `${routerMs.toFixed(2).padStart(15)}${shardsMs.toFixed(2).padStart(15)}${(2000 / (routerMs + shardsMs)).toFixed(0).padStart(23)}`,
        );
      }
    }
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
  } finally {
    for (const c of children) c.kill();
    agent.destroy();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_ROLE === "shard") void shard();
else if (process.env.BENCH_ROLE === "router") void router();
else await main();
