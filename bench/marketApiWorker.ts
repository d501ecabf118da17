/**
 * One API worker of the market read benchmark: the market API app over the benchmark's database,
 * on the port its primary shares among workers.
 * Env: DATABASE_URL, PORT, MARKET_OPTIONS (JSON of the market query options).
 */
import { createPgPool, runService, serveHttp } from "@tapeline/core";
import { createMarketApp } from "../test/conformance/startMarketApi.ts";

void runService("bench-api", async (ctx) => {
  const pool = createPgPool({ url: process.env.DATABASE_URL ?? "", max: 8 });
  ctx.shutdown.add("pg", () => pool.end());
  const app = await createMarketApp(pool, ctx, JSON.parse(process.env.MARKET_OPTIONS ?? "{}"));
  await serveHttp(app, { host: "127.0.0.1", port: Number(process.env.PORT), ctx, name: "api" });
});
