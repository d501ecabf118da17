import { type Bus, type BusMessage, createRedisBus, Topics } from "@tapeline/core";
import {
  createTestDatabase,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@tapeline/core/testing";
import { type Address, parseAbi } from "viem";
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
import {
  DeepReorgError,
  type EvmWorkerEvent,
  startEvmChainWorker,
} from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { chainSwaps } from "./evmChainTruth.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

const getReserves = parseAbi(["function getReserves() view returns (uint112, uint112, uint32)"]);

describe("EVM ingest through a reorg made on anvil (snapshot, revert, a longer fork)", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let bus: Bus;
  const events: EvmWorkerEvent[] = [];
  let orphanIds: string[] = [];
  let forkBlock: bigint;
  let newHead: bigint;

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    await createMarketSimulator({ client, deployment, seed: 11 }).runSimulatorSteps(15);
    db = await createTestDatabase();
    bus = createRedisBus({ url: TEST_REDIS_URL, prefix: testRedisPrefix("evm-reorg") });
    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }], {
      maxBlockRange: 5,
      finalityDepth: 512,
    });
    const worker = startEvmChainWorker({
      cfg,
      rpc: createRpcClient({ endpoints: cfg.endpoints }),
      db: db.pool,
      bus,
      onEvent: (e) => events.push(e),
    });
    try {
      forkBlock = await client.getBlockNumber();
      await waitForCheckpoint(worker, forkBlock);
      const snapshot = await client.snapshot();

      // blocks that will be orphaned, ingested first
      await createMarketSimulator({ client, deployment, seed: 12 }).runSimulatorSteps(15);
      const orphanHead = await client.getBlockNumber();
      await waitForCheckpoint(worker, orphanHead);
      orphanIds = (
        await db.pool.query<{ id: string }>("select id from trades where block > $1", [forkBlock.toString()])
      ).rows.map((r) => r.id);

      // the fork: back to the snapshot, other wallets trade, and the chain grows past the old head
      await client.revert({ id: snapshot });
      await createMarketSimulator({ client, deployment, seed: 13 }).runSimulatorSteps(15);
      const height = await client.getBlockNumber();
      if (height <= orphanHead) await client.mine({ blocks: Number(orphanHead - height) + 2 });
      newHead = await client.getBlockNumber();
      await waitForCheckpoint(worker, newHead);
    } finally {
      await worker.stop();
    }
  });

  afterAll(async () => {
    await bus?.close();
    await db?.drop();
    await anvil?.stop();
  });

  it("rolled back to the fork point and published the rollback", async () => {
    const reorg = events.find((e) => e.type === "reorg");
    expect(reorg).toMatchObject({ type: "reorg", ancestor: forkBlock });
    expect(orphanIds.length).toBeGreaterThan(0);
    const seen: BusMessage<{ ancestorBlock: string; markets: string[] }>[] = [];
    const sub = await bus.subscribe<{ ancestorBlock: string; markets: string[] }>(
      Topics.rollbacks(`evm:${deployment.chainId}`),
      (m) => {
        seen.push(m);
      },
      { fromId: "0" },
    );
    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await sub.close();
    expect(seen[0]?.payload.ancestorBlock).toBe(forkBlock.toString());
    expect(seen[0]?.payload.markets.length).toBeGreaterThan(0);
  });

  it("keeps no row from the orphaned blocks and every row of the new ones", async () => {
    const rows = (await db.pool.query<{ id: string }>("select id from trades")).rows.map((r) => r.id);
    const orphaned = new Set(orphanIds);
    expect(rows.filter((id) => orphaned.has(id))).toEqual([]);
    const swaps = await chainSwaps(client, deployment, deployment.startBlock, newHead);
    expect(rows.sort()).toEqual(swaps.map((s) => s.id).sort());
    // buckets were rebuilt: each resolution counts every priced trade exactly once
    const counts = await db.pool.query<{ n: string }>(
      "select sum(trades)::text as n from candle_buckets group by resolution_s",
    );
    const priced = await db.pool.query<{ n: string }>(
      "select count(*)::text as n from trades where price_native is not null",
    );
    for (const r of counts.rows) expect(r.n).toBe(priced.rows[0]!.n);
    // unfinalized block hashes are the new chain's
    const blocks = await db.pool.query<{ number: string; hash: string }>(
      "select number, hash from ingest_blocks where number > $1 order by number",
      [forkBlock.toString()],
    );
    for (const b of blocks.rows) {
      expect(b.hash).toBe((await client.getBlock({ blockNumber: BigInt(b.number) })).hash);
    }
  });

  it("leaves every V2 pool's reserves equal to the new chain's", async () => {
    const pools = await db.pool.query<{ address: string; reserve0: string; reserve1: string }>(
      "select address, reserve0, reserve1 from pools where venue_type = 'UNISWAP_V2'",
    );
    expect(pools.rows.length).toBeGreaterThan(0);
    for (const p of pools.rows) {
      const [r0, r1] = await client.readContract({
        address: p.address as Address,
        abi: getReserves,
        functionName: "getReserves",
        blockNumber: newHead,
      });
      expect([p.reserve0, p.reserve1], p.address).toEqual([r0.toString(), r1.toString()]);
    }
  });

  it("stops with DeepReorgError when a reorg reaches below the finality depth", async () => {
    const fresh = await createTestDatabase();
    try {
      const snapshot = await client.snapshot();
      const base = await client.getBlockNumber();
      await createMarketSimulator({ client, deployment, seed: 14 }).runSimulatorSteps(3);
      const head = await client.getBlockNumber();
      expect(head - base).toBeGreaterThan(3n);
      const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }], {
        finalityDepth: 2,
        startBlock: base - 5n,
      });
      const worker = startEvmChainWorker({
        cfg,
        rpc: createRpcClient({ endpoints: cfg.endpoints }),
        db: fresh.pool,
      });
      await waitForCheckpoint(worker, head);
      await client.revert({ id: snapshot });
      await client.mine({ blocks: Number(head - base) + 3 });
      await expect(worker.done).rejects.toBeInstanceOf(DeepReorgError);
      await expect(worker.done).rejects.toThrow(/deeper than the finality depth \(2 blocks\)/);
      // nothing of the orphaned blocks was rolled back or written past the checkpoint
      const cp = await fresh.pool.query("select block from ingest_checkpoints");
      expect(BigInt(cp.rows[0].block)).toBe(head);
    } finally {
      await fresh.drop();
    }
  });
});
