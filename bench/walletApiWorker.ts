/**
 * The API process of the wallet swaps benchmark: the HTTP API with the wallet endpoints, its shard
 * in-process (wallet queries over the benchmark's database, no cache), on the port its primary
 * shares, so the load, the load generator and the API each run in a process of their own.
 * Env: DATABASE_URL, PORT.
 */
import { createPgPool, runService, serveHttp } from "@tapeline/core";
import { createQueryService } from "../services/query/src/createQueryService.ts";
import { provider as walletProvider } from "../services/query/src/wallet/provider.ts";
import { walletApp } from "./walletApp.ts";

void runService("bench-wallet-api", async (ctx) => {
  const pool = createPgPool({ url: process.env.DATABASE_URL ?? "", max: 8 });
  ctx.shutdown.add("pg", () => pool.end());
  const service = await createQueryService({ pool, ctx, providers: [walletProvider] });
  ctx.shutdown.add("query", () => service.close());
  const app = walletApp(service, ctx);
  await serveHttp(app, { host: "127.0.0.1", port: Number(process.env.PORT), ctx, name: "api" });
});
