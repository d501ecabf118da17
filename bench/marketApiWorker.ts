/**
 * One API worker of the market read benchmark: the HTTP API (createApp, in-process shard client,
 * market queries) over the benchmark's database, on the port its primary shares among workers.
 * Env: DATABASE_URL, PORT, MARKET_OPTIONS (JSON of the market query options).
 */
import { createPgPool, runService, serveHttp } from "@tapeline/core";
import { createApp } from "../services/api/src/createApp.ts";
import { marketEndpoints } from "../services/api/src/endpoints/market/endpoints.ts";
import { openGate } from "../services/api/src/gate.ts";
import { shardReadiness } from "../services/api/src/http/shardReadiness.ts";
import { createInProcessShardClient } from "../services/api/src/shards/createInProcessShardClient.ts";
import { createQueryService } from "../services/query/src/createQueryService.ts";
import { createMarketProvider } from "../services/query/src/market/createMarketProvider.ts";

void runService("bench-api", async (ctx) => {
  const pool = createPgPool({ url: process.env.DATABASE_URL ?? "", max: 8 });
  ctx.shutdown.add("pg", () => pool.end());
  const service = await createQueryService({
    pool,
    ctx,
    providers: [createMarketProvider(JSON.parse(process.env.MARKET_OPTIONS ?? "{}"))],
  });
  ctx.shutdown.add("query service", () => service.close());
  const shards = createInProcessShardClient(service.api);
  const app = createApp({
    endpoints: [marketEndpoints],
    shards,
    gate: openGate,
    ctx,
    readiness: shardReadiness(shards),
  });
  await serveHttp(app, { host: "127.0.0.1", port: Number(process.env.PORT), ctx, name: "api" });
});
