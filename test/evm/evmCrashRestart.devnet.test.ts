import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
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
import { startEvmChainWorker } from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { chainSwaps } from "./evmChainTruth.ts";
import { expectWalletTablesMatchChain } from "./walletChainTruth.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

describe("EVM worker killed between writes and restarted", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    await createMarketSimulator({ client, deployment, seed: 21 }).runSimulatorSteps(30);
    db = await createTestDatabase();
  });

  afterAll(async () => {
    child?.kill("SIGKILL");
    await db?.drop();
    await anvil?.stop();
  });

  it("loses no trade or wallet row and doubles none", async () => {
    // small ranges: many transactions, so the kill lands between (or inside) writes
    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }], {
      maxBlockRange: 2,
      pollIntervalMs: 20,
    });
    const env = {
      ...process.env,
      TL_DB_URL: db.url,
      TL_EVM_CFG: JSON.stringify(cfg, (_k, v) => (typeof v === "bigint" ? v.toString() : v)),
    };
    child = spawn(process.execPath, ["--import", "tsx", path.join(here, "evmWorkerProcess.ts")], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const head = await client.getBlockNumber();
    const mid = deployment.startBlock + (head - deployment.startBlock) / 2n;
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    // wait until the process has written past the middle, then kill it without warning
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on("data", (d: Buffer) => {
        const last = d.toString().trim().split("\n").at(-1)!.split(" ");
        if (BigInt(last[2] ?? "0") >= mid) resolve();
      });
      child!.on("exit", (code) => reject(new Error(`worker exited early (${code}): ${stderr}`)));
    });
    child.kill("SIGKILL");
    await new Promise((r) => child!.once("exit", r));
    child = null;
    const killedAt = BigInt((await db.pool.query("select block from ingest_checkpoints")).rows[0].block);
    expect(killedAt).toBeGreaterThanOrEqual(mid);
    expect(killedAt).toBeLessThan(head);

    // the market goes on while the worker is down; then it restarts from its checkpoint
    await createMarketSimulator({ client, deployment, seed: 22 }).runSimulatorSteps(10);
    const newHead = await client.getBlockNumber();
    const worker = startEvmChainWorker({
      cfg,
      rpc: createRpcClient({ endpoints: cfg.endpoints }),
      db: db.pool,
    });
    try {
      for (;;) {
        const cp = worker.checkpoint();
        if (cp !== null && cp >= newHead) break;
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      await worker.stop();
    }

    const swaps = await chainSwaps(client, deployment, deployment.startBlock, newHead);
    const rows = (await db.pool.query<{ id: string }>("select id from trades order by id")).rows.map(
      (r) => r.id,
    );
    expect(rows).toEqual(swaps.map((s) => s.id).sort());
    // candle buckets count each trade once, the ones written before the kill included
    const counts = await db.pool.query<{ n: string }>(
      "select sum(trades)::text as n from candle_buckets group by resolution_s",
    );
    const priced = await db.pool.query<{ n: string }>(
      "select count(*)::text as n from trades where price_native is not null",
    );
    expect(counts.rows).toHaveLength(4);
    for (const r of counts.rows) expect(r.n).toBe(priced.rows[0]!.n);
    // every wallet's history is the chain's: no swap lost or doubled across the kill
    expect(await expectWalletTablesMatchChain(db.pool, client, deployment, newHead)).toBeGreaterThan(10);
  }, 120_000);
});
