import { type Context, createContext } from "@tapeline/core";
import type { Express } from "express";
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
 * The market API app over one database: the market queries (with `market` options such as cache
 * lifetimes) behind the in-process shard client, as the embedded stack composes them. The query
 * service closes with `ctx.shutdown`, after the requests the app still serves.
 */
export async function createMarketApp(
  pool: pg.Pool,
  ctx: Context,
  market: Omit<MarketQueriesOptions, "db"> = {},
): Promise<Express> {
  const service = await createQueryService({ pool, ctx, providers: [createMarketProvider(market)] });
  ctx.shutdown.add("query service", () => service.close());
  const shards = createInProcessShardClient(service.api);
  const app = createApp({
    endpoints: [marketEndpoints],
    shards,
    gate: openGate,
    ctx,
    readiness: shardReadiness(shards),
  });
  return app;
}

/** The market API over one database, listening on a free loopback port. */
export async function startMarketApi(
  pool: pg.Pool,
  market: Omit<MarketQueriesOptions, "db"> = {},
): Promise<{ url: string; close: () => Promise<void>; ctx: Context }> {
  const ctx = createContext({ name: "conformance", level: "silent" });
  const server = await listen(await createMarketApp(pool, ctx, market));
  return {
    url: server.url,
    ctx,
    close: async () => {
      await server.close();
      await ctx.shutdown.run("closed");
    },
  };
}
