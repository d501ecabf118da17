import { type Context, createContext, envelope, NotFoundError, runBatch } from "@tapeline/core";
import {
  createTestDatabase,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@tapeline/core/testing";
import { Redis } from "ioredis";
import { z } from "zod";
import { createAccountService } from "../../services/api/src/billing/createAccountService.ts";
import { type BillingGate, createBillingGate } from "../../services/api/src/billing/createBillingGate.ts";
import { type BillingConfig, loadBillingConfig } from "../../services/api/src/billing/loadBillingConfig.ts";
import { createApp } from "../../services/api/src/createApp.ts";
import { defineEndpoint, type EndpointDef } from "../../services/api/src/endpoint.ts";
import { createUsageEndpoints } from "../../services/api/src/endpoints/usage/createUsageEndpoints.ts";
import type { RequestGate } from "../../services/api/src/gate.ts";
import type { Mount } from "../../services/api/src/gates/GatePlugin.ts";
import type { ShardClient } from "../../services/api/src/shardClient.ts";
import { listen } from "../api/listen.ts";

/** Trivial endpoints standing in for the market endpoints: each costs what the spec table says of its kind. */
export const testEndpoints: EndpointDef[] = [
  defineEndpoint({
    method: "GET",
    path: "/v1/token",
    summary: "1 credit",
    query: z.strictObject({ status: z.coerce.number().int().optional() }),
    response: z.unknown(),
    credits: { kind: "flat", amount: 1 },
    demo: true,
    async handler({ query }) {
      if (query.status === 404) throw new NotFoundError("unknown token");
      return { body: envelope({ ok: true }) };
    },
  }),
  defineEndpoint({
    method: "GET",
    path: "/v1/pool/top-traders",
    summary: "2 credits",
    response: z.unknown(),
    credits: { kind: "flat", amount: 2 },
    async handler() {
      return { body: envelope({ ok: true }) };
    },
  }),
  defineEndpoint({
    method: "POST",
    path: "/v1/pool",
    summary: "1 per market",
    body: z.strictObject({ items: z.array(z.string()).min(1).max(100) }),
    response: z.unknown(),
    credits: { kind: "perItem", amount: 1 },
    batch: true,
    demo: true,
    async handler({ body }) {
      const slots = await runBatch(body.items, async (item) => {
        if (item.startsWith("bad")) throw new NotFoundError(`unknown pool ${item}`);
        return { pool: item };
      });
      return { body: envelope(slots) };
    },
  }),
  defineEndpoint({
    method: "GET",
    path: "/v1/wallet/profile",
    summary: "1 credit, wallet group",
    response: z.unknown(),
    credits: { kind: "flat", amount: 1 },
    async handler() {
      return { body: envelope({ ok: true }) };
    },
  }),
  defineEndpoint({
    method: "GET",
    path: "/v1/meta/chains",
    summary: "0 credits",
    response: z.unknown(),
    credits: { kind: "free" },
    demo: true,
    async handler() {
      return { body: envelope([]) };
    },
  }),
];

/** A shard client for apps whose handlers never query shards. */
const noShards: ShardClient = new Proxy({} as ShardClient, {
  get() {
    throw new Error("these test endpoints read no shard");
  },
});

export type BillingHarness = {
  db: TestDatabase;
  redis: Redis;
  prefix: string;
  ctx: Context;
  config: BillingConfig;
  gate: BillingGate;
  accounts: ReturnType<typeof createAccountService>;
  /** Serves the real app (createApp) with `gate` (default the billing gate) and mounts. */
  serve(opts?: { gate?: RequestGate; mounts?: Mount[]; demoOnly?: boolean; trustProxy?: number }): Promise<{
    url: string;
    close: () => Promise<void>;
  }>;
  /** Deletes every Redis key of this suite and drops its database. */
  close(): Promise<void>;
};

/** A fresh database, a unique Redis prefix, the billing gate (no background flusher) and an account service. */
export async function createBillingHarness(
  label: string,
  overrides: Partial<BillingConfig> = {},
): Promise<BillingHarness> {
  const db = await createTestDatabase();
  const redis = new Redis(TEST_REDIS_URL);
  const prefix = testRedisPrefix(label);
  const ctx = createContext({ name: `test-${label}`, level: "silent" });
  const config = loadBillingConfig({}, { redisPrefix: prefix, ...overrides });
  const gate = createBillingGate({ redis, pg: db.pool, config, ctx, flush: false });
  const accounts = createAccountService({ pg: db.pool, store: gate.store });
  const servers: { close: () => Promise<void> }[] = [];
  return {
    db,
    redis,
    prefix,
    ctx,
    config,
    gate,
    accounts,
    async serve(opts = {}) {
      const app = createApp({
        endpoints: [testEndpoints, createUsageEndpoints({ store: gate.store, pg: db.pool })],
        shards: noShards,
        gate: opts.gate ?? gate,
        ctx,
        readiness: async () => ({ serving: true, chains: [] }),
        ...(opts.mounts ? { mounts: opts.mounts } : {}),
        ...(opts.demoOnly ? { demoOnly: true } : {}),
        ...(opts.trustProxy === undefined ? {} : { trustProxy: opts.trustProxy }),
      });
      const server = await listen(app);
      servers.push(server);
      return server;
    },
    async close() {
      // Dropping the database terminates connections the pool is still closing; that is expected here.
      db.pool.on("error", () => {});
      for (const s of servers) await s.close();
      await gate.close();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await db.drop();
    },
  };
}

/** An account holding `credits` carry-over credits and one key; returns the key's secret. */
export async function accountWithKey(
  h: BillingHarness,
  opts: { credits?: number; email?: string; paymentMethod?: boolean } = {},
): Promise<{ accountId: string; keyId: string; secret: string }> {
  const account = await h.accounts.createAccount({
    email: opts.email ?? `acct-${Math.random().toString(36).slice(2)}@example.com`,
    name: "test",
  });
  if (opts.paymentMethod) await h.accounts.addPaymentMethod(account.id, null);
  if (opts.credits) await h.accounts.grantCredits(account.id, opts.credits, "test grant");
  const key = await h.accounts.createKey(account.id, "test key");
  return { accountId: account.id, keyId: key.id, secret: key.secret };
}

/** Another API replica: its own Redis connection and gate over the same prefix and database. */
export async function replicaGate(h: BillingHarness) {
  const redis = new Redis(TEST_REDIS_URL);
  const gate = createBillingGate({ redis, pg: h.db.pool, config: h.config, ctx: h.ctx, flush: false });
  return {
    gate,
    close: async () => {
      await gate.close();
      redis.disconnect();
    },
  };
}
