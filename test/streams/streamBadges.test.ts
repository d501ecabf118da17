/**
 * Trade badges on the stream: the devnet's swaps ingested by the EVM worker, streamed over
 * WebSocket, and compared with `GET /v1/pool/trades` for the same trade ids. The launch's first
 * seconds make snipers; the badge job judges the wallets between two rounds of trading.
 */
import type { AddressInfo } from "node:net";
import {
  type Bus,
  type ChainId,
  createContext,
  createRedisBus,
  type QueryApi,
  SNIPER_WINDOW_MS,
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
import type { ShardClient } from "../../services/api/src/shardClient.ts";
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
import { recomputeWalletBadges } from "../../services/jobs/src/traders/recomputeWalletBadges.ts";
import { createQueryService } from "../../services/query/src/createQueryService.ts";
import { queryProviders } from "../../services/query/src/queryProviders.ts";
import { waitForCheckpoint } from "../evm/waitForCheckpoint.ts";
import { connectWs, type WsClient } from "./wsClient.ts";

const KEY = "badge-stream-key";
const prefix = testRedisPrefix("streams-badges");
const PRO_TTL_MS = 3_000;

describe("trade badges on the stream", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let bus: Bus;
  let worker: EvmChainWorker;
  let ws: WsClient;
  let api: string;
  let chain: ChainId;
  let launchReads = 0;
  /** when each wallet's badge was read */
  const walletReads = new Map<string, number[]>();
  const ctx = createContext({ name: "streams-badges", level: "silent" });

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    chain = `evm:${deployment.chainId}` as ChainId;
    db = await createTestDatabase();
    bus = createRedisBus({ url: TEST_REDIS_URL, prefix, logger: pino({ level: "silent" }) });
    const service = await createQueryService({ pool: db.pool, ctx, providers: queryProviders });
    ctx.shutdown.add("query", () => service.close());
    const inner = createInProcessShardClient(service.api);
    // counts the badge reads the stream makes, to show they are per token and turn, not per frame
    const counted = (api: QueryApi): QueryApi => ({
      ...api,
      tokenLaunchLabels: (q) => {
        launchReads++;
        return api.tokenLaunchLabels(q);
      },
      proTraders: (q) => {
        const at = Date.now();
        for (const w of q.wallets) walletReads.set(w, [...(walletReads.get(w) ?? []), at]);
        return api.proTraders(q);
      },
    });
    const shards: ShardClient = {
      ...inner,
      forKey: (key) => counted(inner.forKey(key)),
      any: () => counted(inner.any()),
    };
    const gate = createStaticKeyGate([KEY]);
    const app = createApp({
      endpoints: createEndpointLists({ ctx, gate }),
      shards,
      gate,
      ctx,
      readiness: shardReadiness(shards),
    });
    const { server } = await serveHttp(app, { host: "127.0.0.1", port: 0, ctx, name: "api", graceMs: 100 });
    // a short badge lifetime, so the second round sees the judgement made between the rounds
    startStreams({ server, bus, shards, gate, ctx, badges: { proTtlMs: PRO_TTL_MS } });
    const port = (server.address() as AddressInfo).port;
    api = `http://127.0.0.1:${port}`;

    ws = await connectWs(`ws://127.0.0.1:${port}/v1/stream`);
    ws.send({ type: "auth", key: KEY });
    await ws.next((f) => f.type === "ready");
    for (const [i, p] of deployment.pools.entries()) {
      ws.send({ type: "subscribe", id: `pool-${i}`, channel: "trades", params: { chain, pool: p.id } });
      await ws.next((f) => f.type === "ack" && f.id === `pool-${i}`);
    }
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

  /** Every trade of a pool as the REST tape serves it, by id. */
  async function restTape(pool: string): Promise<Map<string, TradeRow>> {
    const rows = new Map<string, TradeRow>();
    let cursor: string | null = null;
    do {
      const q: string = cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`;
      const r = await fetch(`${api}/v1/pool/trades?chain=${chain}&address=${pool}&limit=500${q}`, {
        headers: { authorization: KEY },
      });
      expect(r.status).toBe(200);
      const page = (await r.json()) as { data: TradeRow[]; nextCursor?: string | null; hasMore?: boolean };
      for (const t of page.data) rows.set(t.id, t);
      cursor = page.hasMore ? (page.nextCursor ?? null) : null;
    } while (cursor !== null);
    return rows;
  }

  /** Waits until the stream delivered every trade the tape holds, then pairs them. */
  async function streamedAgainstTape(): Promise<{ stream: TradeRow; rest: TradeRow }[]> {
    await waitForCheckpoint(worker, await client.getBlockNumber());
    const pairs: { stream: TradeRow; rest: TradeRow }[] = [];
    for (const [i, p] of deployment.pools.entries()) {
      const tape = await restTape(p.id);
      const streamed = () =>
        new Map(
          ws.frames
            .filter((f) => f.type === "event" && f.id === `pool-${i}`)
            .map((f) => [(f.data as TradeRow).id, f.data as TradeRow]),
        );
      for (let n = 0; n < 500 && streamed().size < tape.size; n++)
        await new Promise((r) => setTimeout(r, 20));
      const byId = streamed();
      expect([...byId.keys()].sort(), p.id).toEqual([...tape.keys()].sort());
      for (const [id, rest] of tape) pairs.push({ stream: byId.get(id)!, rest });
    }
    return pairs;
  }

  it("serves each trade's isSniper and isProTrader as GET /v1/pool/trades does", async () => {
    // Round 1: the launch. No wallet is judged yet: isProTrader is null on both sides.
    await createMarketSimulator({ client, deployment, seed: 41 }).runSimulatorSteps(8);
    const round1 = await streamedAgainstTape();
    for (const { stream, rest } of round1) {
      expect([stream.id, stream.isSniper, stream.isProTrader]).toEqual([
        rest.id,
        rest.isSniper,
        rest.isProTrader,
      ]);
    }
    expect(round1.some((p) => p.rest.isSniper === true)).toBe(true);
    expect(round1.some((p) => p.rest.isSniper === false)).toBe(true);

    // The badge job judges every wallet that traded; round 2 trades after the cache's lifetime and
    // after the sniper window (anvil stamps blocks with the wall clock).
    const judged = await recomputeWalletBadges(db.pool, chain, Date.now());
    expect(judged.wallets).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, Math.max(PRO_TTL_MS * 2, SNIPER_WINDOW_MS + 1000)));
    const seen = new Set(round1.map((p) => p.rest.id));
    const launchesBefore = launchReads;
    await createMarketSimulator({ client, deployment, seed: 41 }).runSimulatorSteps(20);
    const round2 = (await streamedAgainstTape()).filter((p) => !seen.has(p.rest.id));
    expect(round2.length).toBeGreaterThan(0);
    for (const { stream, rest } of round2) {
      expect([stream.id, stream.isSniper, stream.isProTrader]).toEqual([
        rest.id,
        rest.isSniper,
        rest.isProTrader,
      ]);
    }
    // settled launches are read once per token, a wallet's badge at most once per cache lifetime
    expect(launchReads - launchesBefore).toBeLessThanOrEqual(deployment.tokens.length);
    for (const [wallet, times] of walletReads) {
      for (let i = 1; i < times.length; i++)
        expect(times[i]! - times[i - 1]!, wallet).toBeGreaterThanOrEqual(PRO_TTL_MS);
    }
    // the same wallets traded again: now judged, so their badge is known
    expect(round2.some((p) => p.rest.isProTrader !== null)).toBe(true);
  }, 240_000);
});
