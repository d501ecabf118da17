import { createContext, createMemoryCache, envelope } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "../../services/api/src/endpoint.ts";
import { metaEndpoints } from "../../services/api/src/endpoints/meta/endpoints.ts";
import { createDevnetComponent } from "../../services/dev/src/createDevnetComponent.ts";
import { DEV_CHAINS } from "../../services/dev/src/seedDevChains.ts";
import { type DevComponent, startDevStack } from "../../services/dev/src/startDevStack.ts";

const billable = defineEndpoint({
  method: "GET",
  path: "/v1/test/billable",
  summary: "a 1-credit endpoint",
  response: z.object({ data: z.string() }),
  credits: { kind: "flat", amount: 1 },
  async handler({ caller }) {
    return { body: envelope(caller?.accountId ?? null) };
  },
});

const KEY = "dev_test_key_123";
let db: TestDatabase;
let url: string;
const events: string[] = [];
const ctx = createContext({ name: "dev-test", level: "silent" });

/** A component recording its lifecycle and what it was given. */
const probe: DevComponent = {
  name: "probe",
  async start(deps) {
    const { rows } = await deps.pool.query<{ n: string }>("select count(*) as n from chains");
    events.push(`start chains=${rows[0]?.n}`);
    return {
      stop: async () => {
        events.push("stop");
      },
    };
  },
};

beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  ({ url } = await startDevStack({
    ctx,
    database: { url: db.url },
    host: "127.0.0.1",
    port: 0,
    apiKey: KEY,
    components: [probe],
    endpoints: [metaEndpoints, [billable]],
  }));
});

afterAll(async () => {
  await ctx.shutdown.run("test over");
  await db?.drop();
});

describe("the dev stack", () => {
  it("migrates, seeds the dev chains and serves them", async () => {
    expect(events).toEqual([`start chains=${DEV_CHAINS.length}`]);
    const res = await fetch(`${url}/v1/meta/chains`, { headers: { authorization: KEY } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Record<string, unknown>[] };
    const anvil = body.data.find((c) => c.chain === "evm:31337");
    expect(anvil).toEqual({
      chain: "evm:31337",
      name: "Anvil Devnet",
      slug: "anvil",
      family: "evm",
      nativeSymbol: "ETH",
      status: "live",
    });
    expect(body.data.map((c) => c.chain).sort()).toEqual(["evm:31337", "solana"]);
  });

  it("accepts the dev key, refuses others, and serves free endpoints without a key", async () => {
    expect((await fetch(`${url}/v1/meta/chains`)).status).toBe(200);
    const wrong = await fetch(`${url}/v1/meta/chains`, { headers: { authorization: "nope" } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { details: unknown } }).error.details).toEqual({
      reason: "invalid_key",
    });
    const missing = await fetch(`${url}/v1/test/billable`);
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { details: unknown } }).error.details).toEqual({
      reason: "missing_key",
    });
    const ok = await fetch(`${url}/v1/test/billable`, { headers: { authorization: KEY } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: unknown }).data).toBe("dev");
  });

  it("stops its components when shut down", async () => {
    const stopping = createContext({ name: "dev-stop", level: "silent" });
    const other = await createTestDatabase({ migrate: false });
    const before = events.length;
    try {
      const { url: u } = await startDevStack({
        ctx: stopping,
        database: { url: other.url },
        host: "127.0.0.1",
        port: 0,
        apiKey: KEY,
        components: [probe],
        endpoints: [metaEndpoints],
      });
      await stopping.shutdown.run("test");
      expect(events.slice(before)).toEqual([`start chains=${DEV_CHAINS.length}`, "stop"]);
      await expect(fetch(`${u}/healthz`)).rejects.toThrow();
    } finally {
      await other.drop();
    }
  });
});

describe("createDevnetComponent", () => {
  const parts = (log: string[], failAt?: string) => ({
    async startNode(opts: { port: number; chainId: number }) {
      log.push(`node ${opts.port} ${opts.chainId}`);
      return { rpcUrl: "http://127.0.0.1:8545", stop: async () => void log.push("stop node") };
    },
    async deploy(rpcUrl: string) {
      log.push(`deploy ${rpcUrl}`);
      if (failAt === "deploy") throw new Error("deploy failed");
      return { weth: "0x01" };
    },
    async startIngest() {
      log.push("ingest");
      return { stop: async () => void log.push("stop ingest") };
    },
    async startSimulator(_rpcUrl: string, deployment: { weth: string }) {
      log.push(`simulate ${deployment.weth}`);
      if (failAt === "simulate") throw new Error("simulator failed");
      return { stop: async () => void log.push("stop simulator") };
    },
  });

  it("starts node, deployment, ingest and simulator in order and stops them in reverse", async () => {
    const log: string[] = [];
    const deps = {
      ctx,
      pool: db.pool,
      databaseUrl: db.url,
      bus: null,
      queue: null,
      cache: createMemoryCache(),
    };
    const running = await createDevnetComponent(parts(log)).start(deps);
    await running.stop();
    expect(log).toEqual([
      "node 8545 31337",
      "deploy http://127.0.0.1:8545",
      "ingest",
      "simulate 0x01",
      "stop simulator",
      "stop ingest",
      "stop node",
    ]);
  });

  it("stops what already runs when a later part fails", async () => {
    const log: string[] = [];
    const deps = {
      ctx,
      pool: db.pool,
      databaseUrl: db.url,
      bus: null,
      queue: null,
      cache: createMemoryCache(),
    };
    await expect(createDevnetComponent(parts(log, "simulate")).start(deps)).rejects.toThrow(
      /simulator failed/,
    );
    expect(log.slice(-2)).toEqual(["stop ingest", "stop node"]);
  });
});
