import { type ChainId, createContext } from "@tapeline/core";
import { createTestDatabase, TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import { writeBatch } from "@tapeline/ingest";
import { Redis } from "ioredis";
import { createAccountService } from "../../services/api/src/billing/createAccountService.ts";
import { createBillingGate } from "../../services/api/src/billing/createBillingGate.ts";
import { loadBillingConfig } from "../../services/api/src/billing/loadBillingConfig.ts";
import { createApp } from "../../services/api/src/createApp.ts";
import { createEndpointLists } from "../../services/api/src/endpointLists.ts";
import { shardReadiness } from "../../services/api/src/http/shardReadiness.ts";
import { buildOpenApi } from "../../services/api/src/openapi/buildOpenApi.ts";
import { createInProcessShardClient } from "../../services/api/src/shards/createInProcessShardClient.ts";
import { startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import { createSolanaReplayServer } from "../../services/ingest/src/solana/replay/createSolanaReplayServer.ts";
import { createQueryService } from "../../services/query/src/createQueryService.ts";
import {
  buildMarketFixture,
  FX_CHAIN,
  FX_DEPLOYER,
  FX_POOL,
  FX_POOL2,
  FX_TOKEN,
} from "../../services/query/src/market/testing/buildMarketFixture.ts";
import type { HoldingsNodeConfig } from "../../services/query/src/portfolio/parseHoldingsNodes.ts";
import { queryProviders } from "../../services/query/src/queryProviders.ts";
import { listen } from "../api/listen.ts";
import type { FuzzHints } from "./requestArbitrary.ts";

export type FuzzTarget = {
  url: string;
  /** The app's own OpenAPI document, which the requests are generated from. */
  openapi: Record<string, unknown>;
  /** A key of an account with credits and limits that do not run out during the run. */
  apiKey: string;
  /** Values the app knows (the seeded market), so generated requests also reach the stores. */
  hints: FuzzHints;
  close(): Promise<void>;
};

/**
 * The whole API as the router mounts it (every endpoint group, the real billing gate on Redis,
 * every query provider over Postgres seeded with a small market), listening on loopback. The key's
 * rate limits and credits are set high so the run exercises the endpoints, not the 429 path.
 */
export async function startFuzzTarget(label: string): Promise<FuzzTarget> {
  const db = await createTestDatabase();
  const fx = buildMarketFixture(120);
  await writeBatch(db.pool, {
    chain: FX_CHAIN,
    blocks: [],
    trades: fx.trades,
    pools: fx.pools,
    tokens: fx.tokens,
  });
  const redis = new Redis(TEST_REDIS_URL);
  const prefix = testRedisPrefix(label);
  const ctx = createContext({ name: `fuzz-${label}`, level: "silent" });
  const config = loadBillingConfig(
    {
      RATE_LIMIT_PER_MINUTE: "100000000",
      RATE_LIMIT_BURST_PER_SECOND: "10000000",
      RATE_LIMIT_GROUP_CAPS: "wallet=100000000",
    },
    { redisPrefix: prefix },
  );
  const gate = createBillingGate({ redis, pg: db.pool, config, ctx, flush: false });
  const accounts = createAccountService({ pg: db.pool, store: gate.store });
  const account = await accounts.createAccount({ email: `fuzz-${label}@example.com`, name: "fuzz" });
  await accounts.addPaymentMethod(account.id, null);
  await accounts.grantCredits(account.id, 1_000_000_000, "fuzz run");
  const key = await accounts.createKey(account.id, "fuzz");

  // wallet positions read holdings from a node: anvil for the EVM chains, the Solana replay
  const anvil = await startAnvil();
  const solana = await createSolanaReplayServer({ blocks: [] });
  const holdingsNodes = new Map<ChainId, HoldingsNodeConfig>([
    [FX_CHAIN, { url: anvil.rpcUrl, multicall3: null }],
    ["evm:1", { url: anvil.rpcUrl, multicall3: null }],
    ["evm:8453", { url: anvil.rpcUrl, multicall3: null }],
    ["solana", { url: solana.url, multicall3: null }],
  ]);
  const service = await createQueryService({ pool: db.pool, ctx, providers: queryProviders, holdingsNodes });
  const shards = createInProcessShardClient(service.api);
  const endpoints = createEndpointLists({ ctx, gate });
  const app = createApp({ endpoints, shards, gate, ctx, readiness: shardReadiness(shards) });
  const server = await listen(app);
  return {
    url: server.url,
    openapi: buildOpenApi(endpoints.flat()),
    apiKey: key.secret,
    hints: {
      chains: [FX_CHAIN, FX_CHAIN, FX_CHAIN, "evm:1", "solana"],
      pools: [FX_POOL, FX_POOL2],
      tokens: [FX_TOKEN],
      wallets: [FX_DEPLOYER, ...new Set(fx.trades.slice(0, 5).map((t) => t.maker))],
    },
    async close() {
      await server.close();
      await service.close();
      await solana.close();
      await anvil.stop();
      await gate.close();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      db.pool.on("error", () => {});
      await db.drop();
    },
  };
}
