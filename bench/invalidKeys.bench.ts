/**
 * A flood of invalid API keys from one client address against the keyed listener with the
 * billing gate: up to 100,000 random well-formed keys within 10 s (BENCH_ATTEMPTS,
 * BENCH_SECONDS, BENCH_CONNECTIONS), on keep-alive connections from loopback. Prints how many
 * were answered 401 (reached the gate) and 429 (throttled), the Redis keys the flood created
 * (SCAN of the prefix before and after) and the Postgres queries it made (counted at the pool).
 * The key set is loaded into Redis first, as the first unknown key a Redis sees does. The client
 * runs in the server's process, so the attempts made in the time depend on the machine.
 *
 *   npx tsx bench/invalidKeys.bench.ts
 *
 * Needs PostgreSQL and Redis as the tests do (TEST_PG_ADMIN_URL, TEST_REDIS_URL).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createContext, envelope } from "@tapeline/core";
import { createTestDatabase, TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import { Redis } from "ioredis";
import { z } from "zod";
import { createAccountService } from "../services/api/src/billing/createAccountService.ts";
import { createBillingGate } from "../services/api/src/billing/createBillingGate.ts";
import { loadBillingConfig } from "../services/api/src/billing/loadBillingConfig.ts";
import { createApp } from "../services/api/src/createApp.ts";
import { defineEndpoint } from "../services/api/src/endpoint.ts";
import type { ShardClient } from "../services/api/src/shardClient.ts";

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

const endpoint = defineEndpoint({
  method: "GET",
  path: "/v1/token",
  summary: "1 credit",
  response: z.unknown(),
  credits: { kind: "flat", amount: 1 },
  async handler() {
    return { body: envelope({ ok: true }) };
  },
});

async function redisKeys(redis: Redis, prefix: string): Promise<number> {
  let cursor = "0";
  let n = 0;
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    cursor = next;
    n += keys.length;
  } while (cursor !== "0");
  return n;
}

async function main(): Promise<void> {
  const db = await createTestDatabase();
  const redis = new Redis(TEST_REDIS_URL);
  const prefix = testRedisPrefix("bench-invalid-keys");
  const ctx = createContext({ name: "bench-invalid-keys", level: "silent" });
  const config = loadBillingConfig({}, { redisPrefix: prefix });
  const gate = createBillingGate({ redis, pg: db.pool, config, ctx, flush: false });
  // A real account with a key, so the key set is not empty.
  const accounts = createAccountService({ pg: db.pool, store: gate.store });
  const account = await accounts.createAccount({ email: "bench@example.com", name: "bench" });
  await accounts.createKey(account.id, "bench key");
  // The one load of every key a Redis sees (its first unknown key would start it too).
  await gate.store.loadAllKeys();

  let pgQueries = 0;
  const pool = db.pool as unknown as { query: (...args: unknown[]) => unknown };
  const query = pool.query.bind(pool);
  pool.query = (...args: unknown[]) => {
    pgQueries++;
    return query(...args);
  };

  const app = createApp({
    endpoints: [[endpoint]],
    shards: {} as ShardClient,
    gate,
    ctx,
    readiness: async () => ({ serving: true, chains: [] }),
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

  const keysBefore = await redisKeys(redis, prefix);
  const queriesBefore = pgQueries;
  const statuses = new Map<number, number>();
  let sent = 0;
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const one = (): Promise<void> =>
    new Promise((resolve) => {
      const req = http.get(
        {
          host: "127.0.0.1",
          port,
          path: "/v1/token",
          agent,
          headers: { authorization: `tl_${randomBytes(32).toString("base64url")}` },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.on("error", () => {
        statuses.set(0, (statuses.get(0) ?? 0) + 1);
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (sent < ATTEMPTS && Date.now() < deadline) {
        sent++;
        await one();
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const keysAfter = await redisKeys(redis, prefix);
  const queries = pgQueries - queriesBefore;

  console.log(`invalid-key flood from one address: ${sent} attempts in ${elapsed.toFixed(1)} s`);
  console.log(`  answered 401 (reached the gate): ${statuses.get(401) ?? 0}`);
  console.log(`  answered 429 (throttled):        ${statuses.get(429) ?? 0}`);
  const other = [...statuses].filter(([s]) => s !== 401 && s !== 429);
  if (other.length > 0) console.log(`  other answers: ${other.map(([s, n]) => `${s}: ${n}`).join(", ")}`);
  console.log(`  Redis keys created:   ${keysAfter - keysBefore}`);
  console.log(`  Postgres queries:     ${queries}`);

  agent.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await gate.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await db.drop();
}

await main();
