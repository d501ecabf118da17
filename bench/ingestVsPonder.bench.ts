/**
 * EVM backfill from a node, Tapeline against Ponder, on one dense anvil chain: router swaps across
 * the devnet's V2, V3 and V4 pools, `BENCH_SWAPS_PER_BLOCK` transactions a block
 * ({@link buildDenseSwapChain}). Tapeline backfills it with its production path: a
 * `backfill-chain` job on the chain's BullMQ queue (Redis at TEST_REDIS_URL), planned and run by
 * the ingest worker's backfill consumer ({@link startEvmBackfillConsumer}: `evm-backfill` range
 * jobs of `BENCH_BLOCKS_PER_JOB` blocks, default 2,000 as the operator plans them,
 * `BACKFILL_CONCURRENCY` default 1, the service's `MAX_BLOCK_RANGE`, default 100); timed from the
 * request's enqueue to the last range job's completion. Ponder (bench/ponder, installed by
 * `make bench`) indexes the same V2, V3 and V4 Swap logs into its own table in the same
 * PostgreSQL, through its factory pattern (pools found from creation logs, as Tapeline does).
 * Runs alternate, each on a fresh database. Both must index every Swap log of the chain (counted
 * with eth_getLogs); prints swaps/s of each run, the ratio of medians, and Tapeline's busy time
 * per stage (fetch: waiting on the node; decode: decoding, discovery and pricing; write: the
 * database transaction — stages overlap, so they add up to more than the wall time).
 * Ponder's figure runs from its server answering /health (build done) to /ready (historical
 * indexing done): its start-up is not counted.
 * Wall time on a shared machine moves with its load, CPU time much less: each run also prints the
 * CPU time per swap of the indexer's process, its PostgreSQL backends and anvil, and the rate
 * that CPU would give on two idle cores (all three busy at once: total / 2).
 *
 * Env: BENCH_SWAPS (swap transactions, default 24000), BENCH_SWAPS_PER_BLOCK (default 240),
 * BENCH_RUNS (runs of each, default 2), BENCH_PONDER=0 to leave Ponder out, PONDER_LOG (its log level,
 * default warn), MAX_BLOCK_RANGE.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  BackfillJobs,
  type ChainId,
  chainBackfillQueue,
  createBullQueue,
  createContext,
  freePort,
} from "@tapeline/core";
import {
  createTestDatabase,
  deleteRedisKeys,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@tapeline/core/testing";
import pino from "pino";
import { createDevnetClient } from "../services/ingest/src/devnet/createDevnetClient.ts";
import { deployUniswap } from "../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../services/ingest/src/devnet/devnetEvmConfig.ts";
import { startAnvil } from "../services/ingest/src/devnet/startAnvil.ts";
import { planEvmBackfillJobs } from "../services/ingest/src/evm/backfillRange.ts";
import type { IngestStage } from "../services/ingest/src/evm/createEvmIngest.ts";
import { DexTopics } from "../services/ingest/src/evm/decoders/dexEventAbis.ts";
import { createRpcClient } from "../services/ingest/src/rpc/createRpcClient.ts";
import { recordLiveStart } from "../services/ingest/src/service/recordLiveStart.ts";
import { startEvmBackfillConsumer } from "../services/ingest/src/service/startEvmBackfillConsumer.ts";
import { buildDenseSwapChain } from "./denseSwapChain.ts";

const SWAPS = Number(process.env.BENCH_SWAPS ?? 24_000);
const PER_BLOCK = Number(process.env.BENCH_SWAPS_PER_BLOCK ?? 240);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const BLOCKS_PER_JOB = Number(process.env.BENCH_BLOCKS_PER_JOB ?? 2000);
const CONCURRENCY = Number(process.env.BACKFILL_CONCURRENCY ?? 1);
const PONDER_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "ponder");
const PONDER_BIN = path.join(PONDER_DIR, "node_modules/ponder/dist/esm/bin/ponder.js");
const withPonder = process.env.BENCH_PONDER !== "0" && existsSync(PONDER_BIN);

const anvil = await startAnvil();
try {
  const client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  const deployment = await deployUniswap(client);
  let t = performance.now();
  const chain = await buildDenseSwapChain(client, anvil.rpcUrl, deployment, {
    transactions: SWAPS,
    swapsPerBlock: PER_BLOCK,
  });
  const swapLogs = await countSwapLogs(anvil.rpcUrl, deployment.startBlock, chain.toBlock);
  console.log(
    `chain: ${chain.transactions} swap transactions (${chain.reverted} reverted) in blocks ` +
      `${chain.fromBlock}-${chain.toBlock}, ${PER_BLOCK} a block; ${swapLogs} Swap logs from block ` +
      `${deployment.startBlock}; built in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  if (!withPonder)
    console.log(
      process.env.BENCH_PONDER === "0"
        ? "ponder: left out (BENCH_PONDER=0)"
        : `ponder: not installed (${PONDER_BIN} missing; \`make bench\` installs bench/ponder)`,
    );

  // the service's MAX_BLOCK_RANGE (loadIngestConfig), default 100
  const maxBlockRange = Number(process.env.MAX_BLOCK_RANGE ?? 100);
  const tapeline: number[] = [];
  const ponder: number[] = [];
  const tapelineIdle: number[] = [];
  const ponderIdle: number[] = [];
  const anvilPid = findAnvilPid(anvil.port);
  for (let run = 1; run <= RUNS; run++) {
    {
      const db = await createTestDatabase();
      try {
        const stages: Record<IngestStage, number> = { fetch: 0, decode: 0, write: 0, publish: 0 };
        const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }], { maxBlockRange });
        const cpu0 = { node: process.cpuUsage(), anvil: cpuSeconds([anvilPid]) };
        t = performance.now();
        await backfillThroughQueue(db, {
          cfg,
          rpc: createRpcClient({ endpoints: cfg.endpoints }),
          db: db.pool,
          onStage: (s, ms) => {
            stages[s] += ms;
          },
          fromBlock: deployment.startBlock,
          toBlock: chain.toBlock,
        });
        const seconds = (performance.now() - t) / 1000;
        const nodeCpu = process.cpuUsage(cpu0.node);
        const cpu = cpuLine(swapLogs, {
          tapeline: (nodeCpu.user + nodeCpu.system) / 1e6,
          postgres: await backendCpuSeconds(db),
          anvil: cpuSeconds([anvilPid]) - cpu0.anvil,
        });
        const stored = await countRows(db, "select count(*)::int as n from trades");
        if (stored !== swapLogs) throw new Error(`tapeline stored ${stored} trades of ${swapLogs} Swap logs`);
        tapeline.push(swapLogs / seconds);
        const stage = (s: IngestStage) => `${s} ${(stages[s] / 1000).toFixed(2)} s`;
        console.log(
          `run ${run} tapeline: ${fmt(swapLogs / seconds)} swaps/s (${seconds.toFixed(2)} s, BullMQ jobs of ` +
            `${BLOCKS_PER_JOB} blocks, concurrency ${CONCURRENCY}, range ${maxBlockRange} blocks at most; busy: ` +
            `${stage("fetch")}, ${stage("decode")}, ${stage("write")})`,
        );
        console.log(`          ${cpu.line}`);
        tapelineIdle.push(cpu.idleRate);
      } finally {
        await db.drop();
      }
    }
    if (withPonder) {
      const db = await createTestDatabase({ migrate: false });
      try {
        const r = await runPonder(db, {
          rpcUrl: anvil.rpcUrl,
          chainId: anvil.chainId,
          v2Factory: deployment.contracts.uniswapV2Factory,
          v3Factory: deployment.contracts.uniswapV3Factory,
          v4Manager: deployment.contracts.uniswapV4PoolManager,
          startBlock: deployment.startBlock,
          endBlock: chain.toBlock,
          anvilCpu: () => cpuSeconds([anvilPid]),
        });
        const cpu = cpuLine(swapLogs, r.cpu);
        const stored = await countRows(db, "select count(*)::int as n from bench.swap");
        if (stored !== swapLogs) throw new Error(`ponder stored ${stored} swaps of ${swapLogs} Swap logs`);
        ponder.push(swapLogs / r.indexingSeconds);
        console.log(
          `run ${run} ponder:   ${fmt(swapLogs / r.indexingSeconds)} swaps/s (${r.indexingSeconds.toFixed(2)} s ` +
            `indexing; ${r.startupSeconds.toFixed(1)} s start-up before it)`,
        );
        console.log(`          ${cpu.line}`);
        ponderIdle.push(cpu.idleRate);
      } finally {
        await db.drop();
      }
    }
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `tapeline median ${fmt(med(tapeline))} swaps/s, ${fmt(med(tapelineIdle))} on two idle cores by CPU time (target >= 10,000)`,
  );
  if (ponder.length > 0) {
    console.log(
      `ponder median ${fmt(med(ponder))} swaps/s, ${fmt(med(ponderIdle))} on two idle cores by CPU time`,
    );
    console.log(
      `ratio tapeline/ponder ${(med(tapeline) / med(ponder)).toFixed(2)} wall, ` +
        `${(med(tapelineIdle) / med(ponderIdle)).toFixed(2)} by CPU time (target >= 5)`,
    );
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await anvil.stop();
}

/**
 * The production backfill on `db`: the chain's live start recorded just above `toBlock`, the
 * ingest worker's backfill consumer on a BullMQ queue of its own prefix, one `backfill-chain`
 * request from `fromBlock`; resolves once every planned range job completed.
 */
async function backfillThroughQueue(
  db: TestDatabase,
  o: Parameters<typeof startEvmBackfillConsumer>[0]["deps"] & { fromBlock: bigint; toBlock: bigint },
): Promise<void> {
  const { fromBlock, toBlock, ...deps } = o;
  const chain: ChainId = deps.cfg.chain;
  const prefix = testRedisPrefix("bench-backfill").replace(/:$/, "");
  const ctx = createContext({ name: "bench", level: "silent" });
  const queue = createBullQueue({ url: TEST_REDIS_URL, prefix, logger: pino({ level: "silent" }) });
  try {
    await recordLiveStart(db.pool, chain, toBlock + 1n);
    const consumer = await startEvmBackfillConsumer({ ctx, queue, deps, concurrency: CONCURRENCY });
    const name = chainBackfillQueue(chain);
    await queue.enqueue(name, BackfillJobs.chain, {
      fromBlock: Number(fromBlock),
      blocksPerJob: BLOCKS_PER_JOB,
    });
    const jobs = planEvmBackfillJobs(chain, fromBlock, toBlock, BLOCKS_PER_JOB);
    for (const job of jobs) {
      for (;;) {
        const state = await queue.getState(name, job.jobId);
        if (state === "completed") break;
        if (state === "failed") throw new Error(`backfill job ${job.jobId} failed`);
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    await consumer.close();
  } finally {
    await queue.close();
    await ctx.shutdown.run("bench run done");
    await deleteRedisKeys(prefix);
  }
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

async function countRows(db: TestDatabase, sql: string): Promise<number> {
  return (await db.pool.query<{ n: number }>(sql)).rows[0]!.n;
}

/** Swap logs of the three venues in [from, to], counted by the node. */
async function countSwapLogs(rpcUrl: string, from: bigint, to: bigint): Promise<number> {
  const res = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_getLogs",
      params: [
        {
          fromBlock: `0x${from.toString(16)}`,
          toBlock: `0x${to.toString(16)}`,
          topics: [[DexTopics.v2Swap, DexTopics.v3Swap, DexTopics.v4Swap]],
        },
      ],
    }),
  });
  return ((await res.json()) as { result: unknown[] }).result.length;
}

/**
 * One `ponder start` on `db` (schema `bench`): seconds from its server's first /health answer to
 * /ready, and from spawn to that first answer; CPU seconds of Ponder, its backends and anvil
 * between the two answers.
 */
async function runPonder(
  db: TestDatabase,
  o: {
    rpcUrl: string;
    chainId: number;
    v2Factory: string;
    v3Factory: string;
    v4Manager: string;
    startBlock: bigint;
    endBlock: bigint;
    anvilCpu: () => number;
  },
): Promise<{
  indexingSeconds: number;
  startupSeconds: number;
  cpu: Record<string, number>;
}> {
  const port = await freePort();
  const spawned = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      PONDER_BIN,
      "start",
      "--schema",
      "bench",
      "--port",
      String(port),
      "--log-level",
      process.env.PONDER_LOG ?? "warn",
    ],
    {
      cwd: PONDER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        PONDER_RPC_URL: o.rpcUrl,
        PONDER_CHAIN_ID: String(o.chainId),
        PONDER_V2_FACTORY: o.v2Factory,
        PONDER_V3_FACTORY: o.v3Factory,
        PONDER_V4_MANAGER: o.v4Manager,
        PONDER_START_BLOCK: o.startBlock.toString(),
        PONDER_END_BLOCK: o.endBlock.toString(),
        PONDER_TELEMETRY_DISABLED: "true",
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  try {
    const up = await pollUntil(`http://127.0.0.1:${port}/health`, exited);
    const atUp = {
      ponder: cpuSeconds([child.pid!]),
      postgres: await backendCpuSeconds(db),
      anvil: o.anvilCpu(),
    };
    const ready = await pollUntil(`http://127.0.0.1:${port}/ready`, exited);
    return {
      indexingSeconds: (ready - up) / 1000,
      startupSeconds: (up - spawned) / 1000,
      cpu: {
        ponder: cpuSeconds([child.pid!]) - atUp.ponder,
        postgres: (await backendCpuSeconds(db)) - atUp.postgres,
        anvil: o.anvilCpu() - atUp.anvil,
      },
    };
  } finally {
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
  }
}

/** When `url` first answered 200 (polled every 20 ms); throws if the process exits first or after 10 minutes. */
async function pollUntil(url: string, exited: Promise<number | null>): Promise<number> {
  let gone: number | null | undefined;
  void exited.then((code) => {
    gone = code;
  });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (gone !== undefined) throw new Error(`ponder exited (code ${gone}) before ${url} answered`);
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return performance.now();
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} did not answer 200 within 10 minutes`);
}

/** CPU seconds (user + system, all threads) used so far by the given processes, from /proc. */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

/** CPU seconds used so far by the backends connected to the database (a fresh one per run). */
async function backendCpuSeconds(db: TestDatabase): Promise<number> {
  const res = await db.pool.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [
    db.name,
  ]);
  return cpuSeconds(res.rows.map((r) => r.pid).filter((pid) => existsSync(`/proc/${pid}`)));
}

/** The anvil process serving `port` (startAnvil runs it under a shell supervisor). */
function findAnvilPid(port: number): number {
  for (const entry of readdirSync("/proc")) {
    if (!/^[0-9]+$/.test(entry)) continue;
    const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
    if (path.basename(args[0] ?? "") === "anvil" && args.includes(String(port))) return Number(entry);
  }
  throw new Error(`no anvil process on port ${port}`);
}

/** CPU time per swap of each process, and the rate their total would give on two idle cores. */
function cpuLine(swaps: number, seconds: Record<string, number>): { line: string; idleRate: number } {
  const total = Object.values(seconds).reduce((a, b) => a + b, 0);
  const parts = Object.entries(seconds).map(([k, v]) => `${k} ${Math.round((v * 1e6) / swaps)} us`);
  const idleRate = (2 * swaps) / total;
  return {
    line: `cpu per swap: ${parts.join(", ")} -> ${fmt(idleRate)} swaps/s on two idle cores`,
    idleRate,
  };
}
