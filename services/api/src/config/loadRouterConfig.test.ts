import { ConfigError, createEnvReader } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { openGate } from "../gate.ts";
import type { GatePlugin } from "../gates/GatePlugin.ts";
import { loadRouterConfig, routerWorkers } from "./loadRouterConfig.ts";

const plugin: GatePlugin<{ price: number }> = {
  name: "test",
  readConfig(env) {
    const r = createEnvReader(env);
    const price = r.int("TEST_PRICE", 1, 1);
    r.done();
    return { price };
  },
  create: async () => ({ gate: openGate }),
};

describe("loadRouterConfig", () => {
  it("lists every problem of the router and of the gate plugin together", async () => {
    const err = await loadRouterConfig({ PORT: "http", TEST_PRICE: "0" }, async () => plugin).catch((e) => e);
    expect(err).toBeInstanceOf(ConfigError);
    const problems = (err as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.some((p) => p.startsWith("PORT"))).toBe(true);
    expect(problems).toContain("SHARD_MAP_PATH is required");
    expect(problems).toContain("REDIS_URL is required");
    expect(problems.some((p) => p.startsWith("TEST_PRICE"))).toBe(true);
  });

  it("refuses billing without a gate plugin", async () => {
    const err = await loadRouterConfig(
      { SHARD_MAP_PATH: "/m.json", REDIS_URL: "redis://x" },
      async () => null,
    ).catch((e) => e);
    expect((err as ConfigError).problems).toEqual([expect.stringMatching(/no gate plugin/)]);
  });

  it("refuses a demo listener without billing, and reads its port with billing", async () => {
    const err = await loadRouterConfig(
      { SHARD_MAP_PATH: "/m.json", BILLING_ENABLED: "false", DEMO_PORT: "8081" },
      async () => plugin,
    ).catch((e) => e);
    expect((err as ConfigError).problems).toEqual([
      expect.stringMatching(/^DEMO_PORT needs BILLING_ENABLED/),
    ]);
    const c = await loadRouterConfig(
      { SHARD_MAP_PATH: "/m.json", REDIS_URL: "redis://x", DEMO_PORT: "8081" },
      async () => plugin,
    );
    expect(c.demoPort).toBe(8081);
  });

  it("reads a valid configuration with defaults", async () => {
    const c = await loadRouterConfig(
      { SHARD_MAP_PATH: "/m.json", BILLING_ENABLED: "false" },
      async () => plugin,
    );
    expect(c).toMatchObject({
      host: "0.0.0.0",
      port: 8080,
      workers: 1,
      shardMapPath: "/m.json",
      billingEnabled: false,
      redisUrl: undefined,
      gate: null,
      bodyLimitBytes: 262144,
    });
    const billed = await loadRouterConfig(
      { SHARD_MAP_PATH: "/m.json", REDIS_URL: "redis://r:6379", TEST_PRICE: "7" },
      async () => plugin,
    );
    expect(billed.gate?.config).toEqual({ price: 7 });
  });

  it("reads API_WORKERS before the workers start, and refuses what is not 1 to 64", () => {
    expect(routerWorkers({})).toBe(1);
    expect(routerWorkers({ API_WORKERS: "2" })).toBe(2);
    for (const bad of ["0", "65", "two"]) {
      expect(() => routerWorkers({ API_WORKERS: bad })).toThrow(
        /API_WORKERS must be an integer in \[1, 64\]/,
      );
    }
  });
});
