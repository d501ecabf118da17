/**
 * The ingest container's entry point (`node --import tsx services/ingest/src/index.ts`) as a real
 * process, configured the way the operator's ingest Deployment configures it
 * (operator/src/chain/desiredIngestDeployment.ts), against anvil with the Uniswap contracts and a
 * fresh database. The devnet's factories, WETH and USDC are not built-in defaults, so they come
 * in through the documented extra variables (EXTRA_FACTORIES, WRAPPED_NATIVE, STABLECOINS).
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  BackfillJobs,
  chainBackfillQueue,
  createBullQueue,
  type MarketEvent,
  marketEventTopics,
} from "@tapeline/core";
import {
  createTestDatabase,
  deleteRedisKeys,
  freePort,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@tapeline/core/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import { createMarketSimulator } from "../../services/ingest/src/devnet/createMarketSimulator.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import { chainSwaps } from "../evm/evmChainTruth.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ENTRY = path.join(ROOT, "services/ingest/src/index.ts");

type Proc = { child: ChildProcess; stdout: () => string; stderr: () => string; exit: Promise<number | null> };

function startEntry(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY], {
    cwd: ROOT,
    // only what a container gets: PATH for node, and the Deployment's variables
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

type Readiness = {
  chain: string;
  headBlock: number | null;
  indexedBlock: number | null;
  lagMs: number | null;
};

async function readyz(port: number): Promise<{ status: number; body: Readiness } | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`);
    return { status: res.status, body: (await res.json()) as Readiness };
  } catch {
    return null;
  }
}

/** Polls /readyz until it reports `block` indexed; fails with the process's output if it exits first. */
async function untilIndexed(proc: Proc, port: number, block: bigint): Promise<Readiness> {
  let exited = false;
  void proc.exit.then(() => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`ingest exited early:\n${proc.stderr()}\n${proc.stdout()}`);
    const r = await readyz(port);
    if (r?.status === 200 && r.body.indexedBlock !== null && BigInt(r.body.indexedBlock) >= block)
      return r.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("ingest entry point, as the operator runs it", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let liveFrom: bigint;
  const prefix = testRedisPrefix("ingest-entry");
  // BullMQ joins prefix and queue with ":"
  const bullPrefix = prefix.replace(/:$/, "");
  const procs: Proc[] = [];

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    await createMarketSimulator({ client, deployment, seed: 30 }).runSimulatorSteps(10);
    // live ingest begins here; the history before it comes through a backfill request
    liveFrom = (await client.getBlockNumber()) + 1n;
    await createMarketSimulator({ client, deployment, seed: 31 }).runSimulatorSteps(10);
    db = await createTestDatabase();
  });

  afterAll(async () => {
    for (const p of procs) p.child.kill("SIGKILL");
    await db?.drop();
    await anvil?.stop();
    await deleteRedisKeys(prefix);
  });

  function operatorEnv(port: number): Record<string, string> {
    const devnet = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
    return {
      // what desiredIngestDeployment sets
      CHAIN_ID: `evm:${anvil.chainId}`,
      CHAIN_NAME: "devnet",
      FINALITY_DEPTH: "64",
      VENUES: "UNISWAP_V2,UNISWAP_V3,UNISWAP_V4",
      START_BLOCK: liveFrom.toString(),
      RPC_URL_COUNT: "1",
      RPC_URL_0: anvil.rpcUrl,
      RPC_WS_URL: anvil.wsUrl,
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL,
      PORT: String(port),
      // a chain without built-in defaults
      WRAPPED_NATIVE: deployment.weth,
      STABLECOINS: deployment.usdc,
      EXTRA_FACTORIES: JSON.stringify(devnet.factories),
      // this suite's own streams, and a devnet's pace
      BUS_PREFIX: prefix,
      BULL_PREFIX: bullPrefix,
      POLL_INTERVAL_MS: "50",
      MAX_BLOCK_RANGE: "5",
    };
  }

  it("indexes to the head from START_BLOCK, serves readiness and metrics, publishes trades, fills history on a backfill request, and on SIGTERM commits its batch and exits 0", async () => {
    const port = await freePort();
    const proc = startEntry(operatorEnv(port));
    procs.push(proc);
    const chain = `evm:${anvil.chainId}` as const;

    const head = await client.getBlockNumber();
    const ready = await untilIndexed(proc, port, head);
    expect(ready).toMatchObject({ chain, headBlock: Number(head), indexedBlock: Number(head), lagMs: 0 });

    const swaps = await chainSwaps(client, deployment, liveFrom, head);
    expect(swaps.length).toBeGreaterThan(5);
    const rows = await db.pool.query<{ id: string }>("select id from trades order by id");
    expect(rows.rows.map((r) => r.id)).toEqual(swaps.map((s) => s.id).sort());

    const registered = await db.pool.query("select chain_id, slug, family from chains");
    expect(registered.rows).toEqual([{ chain_id: chain, slug: "devnet", family: "evm" }]);

    const redis = new Redis(TEST_REDIS_URL);
    try {
      // every inserted trade is published once, on its market's bus partition
      const published: string[] = [];
      for (const topic of marketEventTopics([chain])) {
        for (const [, fields] of await redis.xrange(`${prefix}${topic}`, "-", "+")) {
          const event = JSON.parse(fields[fields.indexOf("p") + 1] as string) as MarketEvent;
          if (event.type === "trade") published.push(event.trade.id);
        }
      }
      expect(published.sort()).toEqual(swaps.map((s) => s.id).sort());
    } finally {
      redis.disconnect();
    }

    // a backfill request as the jobs workers forward it to the chain's queue
    const queue = createBullQueue({ url: TEST_REDIS_URL, prefix: bullPrefix });
    try {
      const planned = await queue.enqueue(
        chainBackfillQueue(chain),
        BackfillJobs.chain,
        {
          chain,
          chainName: "devnet",
          namespace: "test",
          fromBlock: Number(deployment.startBlock),
          blocksPerJob: 7,
        },
        { jobId: "plan-test" },
      );
      const all = await chainSwaps(client, deployment, deployment.startBlock, head);
      expect(all.length).toBeGreaterThan(swaps.length);
      for (;;) {
        expect(await queue.getState(chainBackfillQueue(chain), planned)).not.toBe("failed");
        const n = await db.pool.query<{ n: string }>("select count(*)::text as n from trades");
        if (Number(n.rows[0]!.n) >= all.length) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const filled = await db.pool.query<{ id: string }>("select id from trades order by id");
      expect(filled.rows.map((r) => r.id)).toEqual(all.map((s) => s.id).sort());
      const live = await db.pool.query<{ block: string }>("select block from ingest_live_starts");
      expect(live.rows).toEqual([{ block: liveFrom.toString() }]);
    } finally {
      await queue.close();
    }

    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(metrics).toContain(`ingest_indexed_block{chain="${chain}"} ${head}`);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    // the market goes on; SIGTERM arrives while the worker is catching up in small ranges
    await createMarketSimulator({ client, deployment, seed: 32 }).runSimulatorSteps(15);
    const newHead = await client.getBlockNumber();
    await untilIndexed(proc, port, head + 1n);
    proc.child.kill("SIGTERM");
    expect(await proc.exit).toBe(0);
    expect(proc.stderr()).toBe("");

    // what is committed is whole: exactly the chain's swaps up to the checkpoint
    const cp = await db.pool.query<{ block: string }>(
      "select block from ingest_checkpoints where chain_id = $1",
      [chain],
    );
    const checkpoint = BigInt(cp.rows[0]!.block);
    expect(checkpoint).toBeGreaterThan(head);
    expect(checkpoint).toBeLessThanOrEqual(newHead);
    const upTo = await chainSwaps(client, deployment, deployment.startBlock, checkpoint);
    const after = await db.pool.query<{ id: string }>("select id from trades order by id");
    expect(after.rows.map((r) => r.id)).toEqual(upTo.map((s) => s.id).sort());
  }, 240_000);

  it("refuses a bad configuration, listing every problem, and exits non-zero", async () => {
    const env = operatorEnv(await freePort());
    const proc = startEntry({
      ...env,
      CHAIN_NAME: "",
      FINALITY_DEPTH: "deep",
      VENUES: "UNISWAP_V3,PUMPSWAP",
      RPC_URL_COUNT: "2",
      WRAPPED_NATIVE: "",
      EXTRA_FACTORIES: "[{}]",
      REDIS_URL: "",
    });
    procs.push(proc);
    expect(await proc.exit).toBe(1);
    const err = proc.stderr();
    for (const problem of [
      "CHAIN_NAME is required",
      "FINALITY_DEPTH must be an integer",
      "VENUES: no evm:31337 decoder for PUMPSWAP",
      "RPC_URL_1 is required",
      "WRAPPED_NATIVE is required",
      "EXTRA_FACTORIES[0].factory",
      "REDIS_URL is required",
    ]) {
      expect(err).toContain(problem);
    }
  }, 240_000);

  it("exits non-zero, naming the missing migrations, on a database the migrations Job has not run on", async () => {
    const bare = await createTestDatabase({ migrate: false });
    try {
      const proc = startEntry({ ...operatorEnv(await freePort()), DATABASE_URL: bare.url });
      procs.push(proc);
      expect(await proc.exit).toBe(1);
      expect(proc.stdout() + proc.stderr()).toMatch(
        /database schema is not migrated: missing 0001_market_schema\.sql/,
      );
    } finally {
      await bare.drop();
    }
  });
});
