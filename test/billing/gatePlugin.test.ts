import { ConfigError, createContext } from "@tapeline/core";
import {
  createTestDatabase,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@tapeline/core/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gatePlugin } from "../../services/api/src/billing/gatePlugin.ts";
import { isBillingGate } from "../../services/api/src/billing/isBillingGate.ts";
import { loadRouterConfig } from "../../services/api/src/config/loadRouterConfig.ts";
import { createApp } from "../../services/api/src/createApp.ts";
import { usageEndpoints } from "../../services/api/src/endpoints/usage/endpoints.ts";
import { openGate } from "../../services/api/src/gate.ts";
import type { ShardClient } from "../../services/api/src/shardClient.ts";
import { listen } from "../api/listen.ts";
import { request } from "./request.ts";

describe("billing gate plugin", () => {
  let db: TestDatabase;
  let redis: Redis;
  const prefix = testRedisPrefix("plugin");
  beforeAll(async () => {
    db = await createTestDatabase();
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    db.pool.on("error", () => {});
    await db.drop();
  });

  it("is the plugin the router loads, and reports a missing DATABASE_URL with the billing problems", async () => {
    const router = await loadRouterConfig({
      SHARD_MAP_PATH: "/m.json",
      REDIS_URL: "redis://127.0.0.1:6379",
      DATABASE_URL: "postgres://127.0.0.1/x",
    });
    expect(router.gate?.plugin).toBe(gatePlugin);
    try {
      gatePlugin.readConfig({ BILLING_FREE_CREDITS: "-5" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join("\n");
      expect(problems).toContain("DATABASE_URL");
      expect(problems).toContain("BILLING_FREE_CREDITS");
    }
  });

  it("builds the gate, the portal mount and the usage endpoints the router serves", async () => {
    const ctx = createContext({ name: "plugin-test", level: "silent" });
    const config = gatePlugin.readConfig({ DATABASE_URL: db.url, BILLING_REDIS_PREFIX: prefix });
    const bundle = await gatePlugin.create(config, { redis, ctx });
    try {
      expect(isBillingGate(bundle.gate)).toBe(true);
      expect(bundle.mounts?.map((m) => m.path)).toEqual(["/portal"]);
      const usage = usageEndpoints({ ctx, gate: bundle.gate });
      expect(usage.map((e) => `${e.method} ${e.path}`)).toEqual([
        "GET /v1/usage",
        "GET /v1/usage/history",
        "GET /v1/usage/breakdown",
      ]);
      expect(usageEndpoints({ ctx, gate: openGate })).toEqual([]);

      const app = createApp({
        endpoints: [usage],
        shards: {} as ShardClient,
        gate: bundle.gate,
        ctx,
        readiness: async () => ({ serving: true, chains: [] }),
        ...(bundle.mounts ? { mounts: bundle.mounts } : {}),
      });
      const server = await listen(app);
      try {
        expect((await request(`${server.url}/v1/usage`)).body.error?.code).toBe("UNAUTHORIZED");
        const page = await fetch(`${server.url}/portal`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('id="create-key-form"');
        const openapi = (await request(`${server.url}/openapi.json`)).body as {
          paths?: Record<string, unknown>;
        };
        expect(Object.keys(openapi.paths ?? {})).toEqual([
          "/v1/usage",
          "/v1/usage/history",
          "/v1/usage/breakdown",
        ]);
      } finally {
        await server.close();
      }
    } finally {
      await bundle.close?.();
    }
  });
});
