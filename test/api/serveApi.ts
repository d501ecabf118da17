import { type Context, createContext } from "@tapeline/core";
import type pg from "pg";
import { type AppOptions, createApp } from "../../services/api/src/createApp.ts";
import { openGate } from "../../services/api/src/gate.ts";
import { shardReadiness } from "../../services/api/src/http/shardReadiness.ts";
import type { ShardClient } from "../../services/api/src/shardClient.ts";
import { createInProcessShardClient } from "../../services/api/src/shards/createInProcessShardClient.ts";
import { createQueryService } from "../../services/query/src/createQueryService.ts";
import type { QueryProvider } from "../../services/query/src/QueryProvider.ts";
import { listen } from "./listen.ts";

/** A served API over one database, for HTTP tests and benches. */
export type ServedApi = {
  url: string;
  ctx: Context;
  shards: ShardClient;
  /** Stops listening (ending every connection), then releases the query service. */
  close(): Promise<void>;
};

/**
 * Serves `endpoints` on a free loopback port over a query service with `providers` on `pool`,
 * behind the in-process shard client, as the embedded stack composes them. The gate is open unless
 * `app.gate` says otherwise; other `app` options (body limit, mounts, ...) pass to `createApp`.
 */
export async function serveApi(opts: {
  pool: pg.Pool;
  name: string;
  providers: readonly QueryProvider[];
  endpoints: AppOptions["endpoints"];
  app?: Partial<Omit<AppOptions, "endpoints" | "shards" | "ctx" | "readiness">>;
}): Promise<ServedApi> {
  const ctx = createContext({ name: opts.name, level: "silent" });
  const service = await createQueryService({ pool: opts.pool, ctx, providers: opts.providers });
  const shards = createInProcessShardClient(service.api);
  const app = createApp({
    gate: openGate,
    ...opts.app,
    endpoints: opts.endpoints,
    shards,
    ctx,
    readiness: shardReadiness(shards),
  });
  const server = await listen(app);
  return {
    url: server.url,
    ctx,
    shards,
    close: async () => {
      await server.close();
      await service.close();
    },
  };
}
