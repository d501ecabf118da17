/**
 * Wallet history under load: a wallet with 100,000 swaps (and 19 others with 2,000 each) written
 * through the ingest writer, then load (see runLoad.ts) against the HTTP API in a process of its own
 * (walletApiWorker.ts: createApp with the wallet endpoints, in-process shard client, wallet
 * queries over Postgres, no cache: every request reads Postgres), as the API runs in service (its
 * image's node options, SERVING_NODE_OPTIONS):
 * the load's garbage and caches stay in this process, out of the API's heap:
 *   at concurrency 16, GET /v1/wallet/swaps limit=100, first page, and GET /v1/wallet/swaps
 *   limit=100 at a cursor 90,000 swaps deep;
 *   at concurrency 1 (BENCH_POST_CONNECTIONS), POST /v1/wallet/swaps with 20 wallets, limit=100
 *   each. The issue sets concurrency 16 for the GET only; a POST answers 1.6 MB and costs tens of
 *   ms of API CPU, so 16 of them at once measure the queue on the API's one core (p99 at least 16
 *   times the CPU time of one) rather than the latency of a call.
 * Prints the load time, then per target requests/s, latency percentiles and the CPU time per
 * request of the API process and of the database's backends: a shared machine's load stretches wall time, not CPU time.
 * Env: BENCH_WALLET_SWAPS (default 100000), BENCH_DURATION_S (default 10), BENCH_WARMUP_S
 * (default 3), BENCH_POST_CONNECTIONS (default 1), BENCH_LOADGEN (wrk or autocannon alone).
 */
import { loadavg } from "node:os";
import { SERVING_NODE_OPTIONS, startWorkers, type WalletSwapRecord } from "@tapeline/core";
import { createTestDatabase, freePort } from "@tapeline/core/testing";
import pino from "pino";
import { writeBatch } from "../services/ingest/src/writer/writeBatch.ts";
import { encodeWalletSwapCursor } from "../services/query/src/wallet/encodeWalletSwapCursor.ts";
import { backendCpuSeconds, processTreeCpuSeconds } from "./backendCpuSeconds.ts";
import { loadGenerators, runLoad } from "./runLoad.ts";

const SWAPS = Number(process.env.BENCH_WALLET_SWAPS ?? 100_000);
const OTHERS = 19;
const OTHER_SWAPS = 2_000;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
const CONNECTIONS = 16;
const POST_CONNECTIONS = Number(process.env.BENCH_POST_CONNECTIONS ?? 1);
const CHAIN = "evm:31337";
const T0 = 1_760_000_000_000;
const WETH = `0x${"ee".repeat(20)}`;

const walletOf = (w: number) => `0x${w.toString(16).padStart(40, "a")}`;
const tokenOf = (i: number) => `0x${(i % 50).toString(16).padStart(40, "c")}`;

/** Swap `i` of wallet `w`: two-hop routes (ETH → WETH pool → token), 4 swaps a second, newest last. */
function swap(w: number, i: number): WalletSwapRecord {
  const token = tokenOf(i);
  const pool = `0x${(i % 200).toString(16).padStart(40, "b")}`;
  const amountIn = BigInt(1 + (i % 97)) * 10n ** 15n;
  const amountOut = BigInt(1 + (i % 89)) * 10n ** 18n;
  return {
    chain: CHAIN,
    wallet: walletOf(w),
    txHash: `0x${w.toString(16).padStart(8, "0")}${i.toString(16).padStart(56, "0")}`,
    block: BigInt(1_000_000 + Math.floor(i / 8)),
    seq: i % 8,
    at: T0 + Math.floor(i / 4) * 1000,
    sent: [{ tokenAddress: WETH, amount: amountIn }],
    received: [{ tokenAddress: token, amount: amountOut }],
    route: [
      {
        poolAddress: pool,
        poolType: "UNISWAP_V3",
        sent: { tokenAddress: WETH, amount: amountIn },
        received: { tokenAddress: token, amount: amountOut },
      },
    ],
    volumeNative: (Number(amountIn) / 1e18).toString(),
    feesNative: "0.0001",
  };
}

async function main() {
  const db = await createTestDatabase();
  try {
    const t0 = performance.now();
    const tokens = Array.from({ length: 50 }, (_, i) => ({
      chain: CHAIN as `evm:${number}`,
      address: tokenOf(i),
      name: `Token ${i}`,
      symbol: `T${i}`,
      decimals: 18,
      totalSupply: null,
    }));
    tokens.push({
      chain: CHAIN,
      address: WETH,
      name: "Wrapped Ether",
      symbol: "WETH",
      decimals: 18,
      totalSupply: null,
    });
    await writeBatch(db.pool, { chain: CHAIN, blocks: [], trades: [], pools: [], tokens });
    const chunk = 10_000;
    const plan: [number, number][] = [
      [0, SWAPS],
      ...Array.from({ length: OTHERS }, (_, k) => [k + 1, OTHER_SWAPS] as [number, number]),
    ];
    for (const [w, n] of plan) {
      for (let from = 0; from < n; from += chunk) {
        const walletSwaps = Array.from({ length: Math.min(chunk, n - from) }, (_, j) => swap(w, from + j));
        await writeBatch(db.pool, {
          chain: CHAIN,
          blocks: [],
          trades: [],
          walletSwaps,
          pools: [],
          tokens: [],
        });
      }
    }
    await db.pool.query("analyze wallet_swaps");
    console.log(
      `loaded ${SWAPS + OTHERS * OTHER_SWAPS} wallet swaps (${SWAPS} on one wallet) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const port = await freePort();
    const api = startWorkers({
      count: 1,
      exec: new URL("./walletApiWorker.ts", import.meta.url).pathname,
      env: {
        DATABASE_URL: db.url,
        PORT: String(port),
        LOG_LEVEL: "warn",
        NODE_OPTIONS: SERVING_NODE_OPTIONS,
      },
      logger: pino({ level: "warn" }),
    });
    await api.listening;
    const server = { url: `http://127.0.0.1:${port}` };
    try {
      // the newest swap is the last written; 90,000 swaps deep is swap SWAPS - 90,000
      const deep = swap(0, Math.max(0, SWAPS - 90_000));
      const cursor = encodeWalletSwapCursor({
        at: deep.at,
        block: Number(deep.block),
        seq: deep.seq,
        txHash: deep.txHash,
      });
      const base = `/v1/wallet/swaps?chain=${CHAIN}&wallet=${walletOf(0)}&limit=100`;
      const check = await fetch(`${server.url}${base}&cursor=${cursor}`);
      const body = (await check.json()) as { data: unknown[]; meta: { hasMore: boolean } };
      if (check.status !== 200 || body.data.length !== 100) throw new Error("deep page not served");
      const postBody = JSON.stringify({
        items: plan.map(([w]) => ({ chain: CHAIN, wallet: walletOf(w) })),
        limit: 100,
      });
      const targets = [
        { name: "GET /v1/wallet/swaps limit=100 first page", paths: [base], connections: CONNECTIONS },
        {
          name: "GET /v1/wallet/swaps limit=100 cursor 90,000 deep",
          paths: [`${base}&cursor=${cursor}`],
          connections: CONNECTIONS,
        },
        {
          name: "POST /v1/wallet/swaps 20 wallets limit=100",
          connections: POST_CONNECTIONS,
          paths: ["/v1/wallet/swaps"],
          method: "POST" as const,
          body: postBody,
        },
      ];
      for (const tool of await loadGenerators()) {
        for (const t of targets) {
          const opts = {
            url: server.url,
            paths: t.paths,
            headers: (t.method === "POST" ? { "Content-Type": "application/json" } : {}) as Record<
              string,
              string
            >,
            connections: t.connections,
            method: t.method,
            body: t.body,
          };
          await runLoad(tool, { ...opts, durationS: WARMUP_S });
          const pg0 = await backendCpuSeconds(db.pool, db.name);
          const api0 = apiCpuSeconds(api.pids());
          const r = await runLoad(tool, { ...opts, durationS: DURATION_S });
          const apiS = apiCpuSeconds(api.pids()) - api0;
          const pg1 = await backendCpuSeconds(db.pool, db.name);
          const perReq = (us: number) => `${(us / 1000 / Math.max(1, r.total)).toFixed(2)} ms`;
          const pgCpu = pg0 === null || pg1 === null ? "n/a" : perReq((pg1 - pg0) * 1e6);
          console.log(
            `${tool} ${t.name} (concurrency ${t.connections}): ${r.requestsPerS.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p90 ${r.p90.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, non2xx ${r.non2xx}, errors ${r.errors}, load ${loadavg()[0]!.toFixed(2)}; cpu per request: api ${perReq(apiS * 1e6)}, postgres ${pgCpu}`,
          );
        }
      }
    } finally {
      await api.stop();
    }
  } finally {
    await db.drop();
  }
}

/** CPU seconds the API process used so far (its worker process: it has no children). */
function apiCpuSeconds(pids: number[]): number {
  let s = 0;
  for (const pid of pids) s += processTreeCpuSeconds(pid) ?? 0;
  return s;
}

await main();
