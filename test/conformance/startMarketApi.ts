import { type Context, createContext } from "@tapeline/core";
import type pg from "pg";
import { createApp } from "../../services/api/src/createApp.ts";
import { marketEndpoints } from "../../services/api/src/endpoints/market/endpoints.ts";
import { openGate } from "../../services/api/src/gate.ts";
import { shardReadiness } from "../../services/api/src/http/shardReadiness.ts";
import { createInProcessShardClient } from "../../services/api/src/shards/createInProcessShardClient.ts";
import { createQueryService } from "../../services/query/src/createQueryService.ts";
import { createMarketProvider } from "../../services/query/src/market/createMarketProvider.ts";
import type { MarketQueriesOptions } from "../../services/query/src/market/createMarketQueries.ts";
import { listen } from "../api/listen.ts";

/**
 * The HTTP API over one database: createApp, the in-process shard client, the market queries
 * (with `market` options such as cache lifetimes).
 */
export async function startMarketApi(
  pool: pg.Pool,
  market: Omit<MarketQueriesOptions, "db"> = {},
): Promise<{ url: string; close: () => Promise<void>; ctx: Context }> {
  const ctx = createContext({ name: "conformance", level: "silent" });
  const service = await createQueryService({ pool, ctx, providers: [createMarketProvider(market)] });
  const shards = createInProcessShardClient(service.api);
  const app = createApp({
    endpoints: [marketEndpoints],
    shards,
    gate: openGate,
    ctx,
    readiness: shardReadiness(shards),
  });
  const server = await listen(app);
  return {
    url: server.url,
    ctx,
    close: async () => {
      await server.close();
      await service.close();
    },
  };
}
