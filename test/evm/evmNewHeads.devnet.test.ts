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
import {
  type EvmChainWorker,
  startEvmChainWorker,
} from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { subscribeNewHeads } from "../../services/ingest/src/rpc/subscribeNewHeads.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

/**
 * A head announced over WebSocket while the worker is busy with a step (here: right after the
 * step read the head) is not lost: the worker steps again at once instead of sleeping out its
 * poll interval, which this test sets beyond the test's own time limit.
 */
describe("EVM worker: a newHeads announcement during a step", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let worker: EvmChainWorker | null = null;

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    await createMarketSimulator({ client, deployment, seed: 5 }).runSimulatorSteps(3);
    db = await createTestDatabase();
  }, 120_000);

  afterAll(async () => {
    await worker?.stop();
    await db?.drop();
    await anvil?.stop();
  });

  it("ingests a block announced after the step read the head, without waiting for the next poll", async () => {
    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl, wsUrl: anvil.wsUrl }], {
      pollIntervalMs: 600_000,
    });
    const rpc = createRpcClient({ endpoints: cfg.endpoints });
    const first = await client.getBlockNumber();
    // our own subscription: once it saw the new block, the worker's has been sent it too
    const seen: bigint[] = [];
    const unwatch = subscribeNewHeads(anvil.wsUrl, (b) => seen.push(b));
    let mined: bigint | null = null;
    let armed = false;
    const refreshHeads = async () => {
      const head = await rpc.refreshHeads();
      if (armed) {
        armed = false;
        // a block mined while this step is under way, after its head was read
        await createMarketSimulator({ client, deployment, seed: 6 }).runSimulatorSteps(1);
        mined = await client.getBlockNumber();
        while (!seen.some((b) => b >= mined!)) await new Promise((r) => setTimeout(r, 10));
        await new Promise((r) => setTimeout(r, 200));
      }
      return head;
    };
    worker = startEvmChainWorker({
      cfg,
      rpc: { ...rpc, refreshHeads },
      db: db.pool,
      onEvent: (e) => {
        // the step after the one that caught up arms the wrapper
        if (e.type === "step" && mined === null && (worker?.checkpoint() ?? -1n) >= first) armed = true;
      },
    });
    try {
      await waitForCheckpoint(worker, first);
      // the worker now sleeps its poll interval: a head wakes it into the armed step
      await client.mine({ blocks: 1 });
      while (mined === null) await new Promise((r) => setTimeout(r, 25));
      await waitForCheckpoint(worker, mined);
      expect(worker.checkpoint()).toBeGreaterThanOrEqual(mined);
    } finally {
      unwatch();
    }
  }, 60_000);
});
