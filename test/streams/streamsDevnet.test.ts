/**
 * Streams end to end on the devnet: the EVM worker ingests anvil's blocks and publishes on Redis,
 * the API serves them over WebSocket. Expected trades come from the chain's Swap logs.
 */
import type { AddressInfo } from "node:net";
import {
  type Bus,
  type ChainId,
  createContext,
  createRedisBus,
  serveHttp,
  type TradeRow,
} from "@tapeline/core";
import {
  createTestDatabase,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@tapeline/core/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../services/api/src/createApp.ts";
import { createEndpointLists } from "../../services/api/src/endpointLists.ts";
import { createStaticKeyGate } from "../../services/api/src/gates/createStaticKeyGate.ts";
import { shardReadiness } from "../../services/api/src/http/shardReadiness.ts";
import { createInProcessShardClient } from "../../services/api/src/shards/createInProcessShardClient.ts";
import { startStreams } from "../../services/api/src/streams/startStreams.ts";
import { deleteRedisKeys } from "../../services/core/src/testing/deleteRedisKeys.ts";
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
import { createQueryService } from "../../services/query/src/createQueryService.ts";
import { createMarketProvider } from "../../services/query/src/market/createMarketProvider.ts";
import { chainSwaps } from "../evm/evmChainTruth.ts";
import { waitForCheckpoint } from "../evm/waitForCheckpoint.ts";
import { connectWs, type WsClient } from "./wsClient.ts";

const KEY = "devnet-stream-key";
const prefix = testRedisPrefix("streams-devnet");

describe("streams on the devnet", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let bus: Bus;
  let worker: EvmChainWorker;
  let ws: WsClient;
  let api: string;
  let chain: ChainId;
  const ctx = createContext({ name: "streams-devnet", level: "silent" });

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    chain = `evm:${deployment.chainId}` as ChainId;
    db = await createTestDatabase();
    bus = createRedisBus({ url: TEST_REDIS_URL, prefix, logger: pino({ level: "silent" }) });
    // No token cache: the comparison is with what the database holds after each block (cached
    // token reads would lag the stream and REST alike by up to their lifetime).
    const service = await createQueryService({
      pool: db.pool,
      ctx,
      providers: [createMarketProvider({ tokenTtlMs: 0 })],
    });
    ctx.shutdown.add("query", () => service.close());
    const shards = createInProcessShardClient(service.api);
    const gate = createStaticKeyGate([KEY]);
    const app = createApp({
      endpoints: createEndpointLists({ ctx, gate }),
      shards,
      gate,
      ctx,
      readiness: shardReadiness(shards),
    });
    const { server } = await serveHttp(app, { host: "127.0.0.1", port: 0, ctx, name: "api", graceMs: 100 });
    startStreams({ server, bus, shards, gate, ctx });
    const port = (server.address() as AddressInfo).port;
    api = `http://127.0.0.1:${port}`;

    ws = await connectWs(`ws://127.0.0.1:${port}/v1/stream`);
    ws.send({ type: "auth", key: KEY });
    await ws.next((f) => f.type === "ready");
    for (const p of deployment.pools) {
      ws.send({ type: "subscribe", id: subId(p.id), channel: "trades", params: { chain, pool: p.id } });
      await ws.next((f) => f.type === "ack" && f.id === subId(p.id));
    }
    ws.send({
      type: "subscribe",
      id: "prices",
      channel: "token-updates",
      params: { chain, tokens: tokens() },
    });
    await ws.next((f) => f.type === "ack" && f.id === "prices");

    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }], {
      maxBlockRange: 5,
      finalityDepth: 512,
    });
    worker = startEvmChainWorker({
      cfg,
      rpc: createRpcClient({ endpoints: cfg.endpoints }),
      db: db.pool,
      bus,
    });
  }, 120_000);

  afterAll(async () => {
    ws?.ws.close();
    await worker?.stop();
    await ctx.shutdown.run("test done");
    await bus?.close();
    await deleteRedisKeys(prefix);
    await db?.drop();
    await anvil?.stop();
  });

  // a V4 pool id (66 characters) is longer than a subscription id may be
  const subId = (pool: string) => `pool-${deployment.pools.findIndex((p) => p.id === pool)}`;
  const tokens = () =>
    deployment.tokens.filter((t) => t.address !== deployment.weth).map((t) => t.address.toLowerCase());

  async function restPrice(token: string): Promise<unknown> {
    const r = await fetch(`${api}/v1/token/price?chain=${chain}&address=${token}`, {
      headers: { authorization: KEY },
    });
    return r.status === 200 ? ((await r.json()) as { data: unknown }).data : null;
  }

  async function ingestTo(head: bigint): Promise<void> {
    await waitForCheckpoint(worker, head);
  }

  it("token-updates carry what GET /v1/token/price serves after each block", async () => {
    const sim = createMarketSimulator({ client, deployment, seed: 21 });
    let compared = 0;
    for (let step = 0; step < 4; step++) {
      await sim.runSimulatorSteps(1);
      await ingestTo(await client.getBlockNumber());
      for (const token of tokens()) {
        const rest = (await restPrice(token)) as { poolAddress: string | null } | null;
        // a token that is only ever a quote has no market of its own, so no update events
        if (rest === null || rest.poolAddress === null) continue;
        // The stream's latest update for the token must reach the value REST serves now.
        let last: unknown = null;
        for (let i = 0; i < 300; i++) {
          last = ws.frames.findLast(
            (f) =>
              f.type === "event" && f.id === "prices" && (f.data as { address: string }).address === token,
          )?.data;
          if (JSON.stringify(last) === JSON.stringify(rest)) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(last, token).toEqual(rest);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(0);
  }, 120_000);

  it("delivers each pool's trades once, in chain order, across a reorg (rollback first, then the replacements)", async () => {
    const forkBlock = await client.getBlockNumber();
    const snapshot = await client.snapshot();
    await createMarketSimulator({ client, deployment, seed: 22 }).runSimulatorSteps(10);
    const orphanHead = await client.getBlockNumber();
    await ingestTo(orphanHead);
    await client.revert({ id: snapshot });
    await createMarketSimulator({ client, deployment, seed: 23 }).runSimulatorSteps(10);
    const height = await client.getBlockNumber();
    if (height <= orphanHead) await client.mine({ blocks: Number(orphanHead - height) + 2 });
    const head = await client.getBlockNumber();
    await ingestTo(head);

    const swaps = await chainSwaps(client, deployment, deployment.startBlock, head);
    const expected = new Map<string, string[]>();
    for (const s of [...swaps].sort((a, b) => Number(a.block - b.block) || a.logIndex - b.logIndex)) {
      expected.set(s.pool.toLowerCase(), [...(expected.get(s.pool.toLowerCase()) ?? []), s.id]);
    }
    const lastId = (pool: string) => expected.get(pool)?.at(-1);
    for (const p of deployment.pools) {
      const id = lastId(p.id.toLowerCase());
      if (id)
        await ws.next((f) => f.type === "event" && f.id === subId(p.id) && (f.data as TradeRow).id === id);
    }

    let rollbacks = 0;
    for (const p of deployment.pools) {
      const view: string[] = [];
      const seen = new Set<string>();
      for (const f of ws.frames.filter((x) => x.id === subId(p.id))) {
        if (f.type === "event") {
          const id = (f.data as TradeRow).id;
          expect(seen.has(id), `${id} delivered twice`).toBe(false);
          seen.add(id);
          view.push(id);
        } else if (f.type === "rollback") {
          rollbacks++;
          expect(f.ancestorBlock).toBe(Number(forkBlock));
          const orphaned = f.orphanedTradeIds as string[];
          // the orphaned trades are the latest delivered: nothing of the new branch came before
          expect(view.slice(view.length - orphaned.length), p.id).toEqual(orphaned);
          view.splice(view.length - orphaned.length, orphaned.length);
        }
      }
      expect(view, p.id).toEqual(expected.get(p.id.toLowerCase()) ?? []);
    }
    expect(rollbacks).toBeGreaterThan(0);
  }, 180_000);
});
