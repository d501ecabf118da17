import {
  type ApiError,
  type ChainId,
  createContext,
  envelope,
  NotFoundError,
  parseTokenAddress,
  QuotaExceededError,
  RateLimitedError,
  runBatch,
} from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "../../services/api/src/createApp.ts";
import { defineEndpoint, type EndpointDef } from "../../services/api/src/endpoint.ts";
import { metaEndpoints } from "../../services/api/src/endpoints/meta/endpoints.ts";
import type { Admission, GateInput, RequestGate } from "../../services/api/src/gate.ts";
import { shardReadiness } from "../../services/api/src/http/shardReadiness.ts";
import { addressParam } from "../../services/api/src/schema/addressParam.ts";
import { boolParam } from "../../services/api/src/schema/boolParam.ts";
import { chainIdParam } from "../../services/api/src/schema/chainIdParam.ts";
import { csvParam } from "../../services/api/src/schema/csvParam.ts";
import { intParam } from "../../services/api/src/schema/intParam.ts";
import { numberParam } from "../../services/api/src/schema/numberParam.ts";
import { createInProcessShardClient } from "../../services/api/src/shards/createInProcessShardClient.ts";
import { createQueryService, type QueryService } from "../../services/query/src/createQueryService.ts";
import { listen } from "./listen.ts";
import { SEEDED_CHAINS, seedChains } from "./seedChains.ts";

/** An endpoint using every shared parameter helper; it echoes what it parsed. */
const things = defineEndpoint({
  method: "GET",
  path: "/v1/test/things",
  summary: "echo",
  query: z.strictObject({
    chain: chainIdParam(),
    limit: intParam({ min: 1, max: 100, default: 20 }),
    flag: boolParam({ default: false }),
    tokens: csvParam(addressParam(), { min: 1, max: 3 }).optional(),
    minValueUsd: numberParam({ min: 0, default: 0.05 }),
  }),
  response: z.object({ data: z.unknown() }),
  credits: { kind: "flat", amount: 2 },
  async handler({ query }) {
    return { body: envelope(query) };
  },
});

const marketRef = z.strictObject({ chain: chainIdParam(), address: z.string() });

/** A batch endpoint: one slot per item in input order; unknown addresses fail alone. */
const batch = defineEndpoint({
  method: "POST",
  path: "/v1/test/batch",
  summary: "batch",
  body: z.strictObject({ items: z.array(marketRef).min(1).max(10), note: z.string().optional() }),
  response: z.object({ data: z.array(z.unknown()) }),
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  async handler({ body }) {
    const slots = await runBatch(body.items, async (item, i) => {
      const address = parseTokenAddress(item.chain as ChainId, item.address);
      // Later items finish first, so input order is not completion order.
      await new Promise((r) => setTimeout(r, (body.items.length - i) * 3));
      if (address.endsWith("dead")) throw new NotFoundError(`unknown token ${address}`);
      return { chain: item.chain, address };
    });
    return { body: envelope(slots) };
  },
});

const testEndpoints: EndpointDef[] = [things, batch];

/** A gate double recording what the app tells it; refusals are programmed per test. */
function recordingGate() {
  const admitted: GateInput[] = [];
  const settled: { status: number; servedItems: number }[] = [];
  let refuse: ApiError | null = null;
  let failSettle = false;
  const gate: RequestGate = {
    async admit(input): Promise<Admission> {
      admitted.push(input);
      if (refuse) throw refuse;
      return {
        caller: { accountId: "acc", keyId: "key" },
        headers: { "X-RateLimit-Limit": "60" },
        async settle({ status, servedItems }) {
          settled.push({ status, servedItems });
          if (failSettle) {
            throw Object.assign(new QuotaExceededError("allowance spent"), {
              headers: { "X-Credits-Remaining": "0" },
            });
          }
          return { "X-Credits-Remaining": "99" };
        },
      };
    },
  };
  return {
    gate,
    admitted,
    settled,
    refuseWith(err: ApiError | null) {
      refuse = err;
    },
    failSettle(v: boolean) {
      failSettle = v;
    },
  };
}

let db: TestDatabase;
let service: QueryService;
let server: { url: string; close: () => Promise<void> };
const recorder = recordingGate();
const ctx = createContext({ name: "api-test", level: "silent" });

beforeAll(async () => {
  db = await createTestDatabase();
  await seedChains(db.pool);
  service = await createQueryService({ pool: db.pool, ctx });
  const shards = createInProcessShardClient(service.api);
  const app = createApp({
    endpoints: [metaEndpoints, testEndpoints],
    shards,
    gate: recorder.gate,
    ctx,
    bodyLimitBytes: 2048,
    readiness: shardReadiness(shards),
  });
  server = await listen(app);
});

afterAll(async () => {
  await server?.close();
  await service?.close();
  await db?.drop();
});

async function get(path: string) {
  const res = await fetch(server.url + path);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

async function post(path: string, body: string, contentType = "application/json") {
  const res = await fetch(server.url + path, {
    method: "POST",
    body,
    headers: { "content-type": contentType },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** Asserts the spec's error shape and returns its `error` object. */
function errorOf(r: { body: Record<string, unknown> }, code: string) {
  expect(Object.keys(r.body)).toEqual(["error"]);
  const error = r.body.error as { code: string; message: string; details?: Record<string, unknown> };
  expect(error.code).toBe(code);
  expect(typeof error.message).toBe("string");
  expect(error.message.length).toBeGreaterThan(0);
  for (const key of Object.keys(error)) expect(["code", "message", "details"]).toContain(key);
  return error;
}

describe("GET /v1/meta/chains", () => {
  it("lists the chains stored in Postgres with the spec's fields", async () => {
    const r = await get("/v1/meta/chains");
    expect(r.status).toBe(200);
    const data = r.body.data as Record<string, unknown>[];
    const expected = SEEDED_CHAINS.map((c) => ({
      chain: c.chain,
      name: c.name,
      slug: c.slug,
      family: c.family,
      nativeSymbol: c.nativeSymbol,
      status: c.status,
    }));
    expect([...data].sort((a, b) => String(a.chain).localeCompare(String(b.chain)))).toEqual(
      [...expected].sort((a, b) => a.chain.localeCompare(b.chain)),
    );
    expect(typeof (r.body.meta as { asOf: unknown }).asOf).toBe("number");
  });

  it("refuses an unknown parameter with INVALID_PARAM naming it", async () => {
    const r = await get("/v1/meta/chains?foo=1");
    expect(r.status).toBe(400);
    expect(errorOf(r, "INVALID_PARAM").details).toEqual({ param: "foo" });
  });
});

describe("strict query parsing", () => {
  const param = async (qs: string) => {
    const r = await get(`/v1/test/things?${qs}`);
    expect(r.status).toBe(400);
    return errorOf(r, "INVALID_PARAM").details?.param;
  };

  it("applies defaults and normalizes values", async () => {
    const r = await get(
      "/v1/test/things?chain=solana:solana&tokens=0xAbCdEf0000000000000000000000000000000001",
    );
    expect(r.status).toBe(200);
    expect((r.body as { data: unknown }).data).toEqual({
      chain: "solana",
      limit: 20,
      flag: false,
      minValueUsd: 0.05,
      tokens: ["0xabcdef0000000000000000000000000000000001"],
    });
    const r2 = await get("/v1/test/things?chain=evm:8453&limit=100&flag=true&minValueUsd=0");
    expect(r2.body.data).toMatchObject({ chain: "evm:8453", limit: 100, flag: true, minValueUsd: 0 });
  });

  it("names the malformed parameter", async () => {
    expect(await param("chain=evm:1&limit=0")).toBe("limit");
    expect(await param("chain=evm:1&limit=101")).toBe("limit");
    expect(await param("chain=evm:1&limit=1e1")).toBe("limit");
    expect(await param("chain=evm:1&limit=07")).toBe("limit");
    expect(await param("chain=evm:1&limit=")).toBe("limit");
    expect(await param("chain=ethereum")).toBe("chain");
    expect(await param("chain=evm:1&flag=yes")).toBe("flag");
    expect(await param("chain=evm:1&flag=1")).toBe("flag");
    expect(await param("chain=evm:1&tokens=0x01,,0x02")).toBe("tokens");
    expect(await param("chain=evm:1&tokens=notanaddress")).toBe("tokens");
    expect(await param("chain=evm:1&minValueUsd=-1")).toBe("minValueUsd");
  });

  it("names a missing required parameter", async () => {
    const r = await get("/v1/test/things?limit=5");
    expect(r.status).toBe(400);
    const error = errorOf(r, "INVALID_PARAM");
    expect(error.details).toEqual({ param: "chain" });
    expect(error.message).toMatch(/required/);
  });

  it("refuses a repeated parameter", async () => {
    expect(await param("chain=evm:1&limit=5&limit=6")).toBe("limit");
  });

  it("reports the offender that comes first in the request", async () => {
    expect(await param("chain=evm:1&limit=abc&zzz=1")).toBe("limit");
    expect(await param("chain=evm:1&zzz=1&limit=abc")).toBe("zzz");
  });

  it("never bills or admits a refused request", async () => {
    const before = recorder.admitted.length;
    await get("/v1/test/things?chain=nope");
    expect(recorder.admitted.length).toBe(before);
  });
});

describe("JSON bodies", () => {
  it("answers one slot per item in input order, and bills the served ones", async () => {
    recorder.admitted.length = 0;
    recorder.settled.length = 0;
    const items = [
      { chain: "evm:1", address: "0x000000000000000000000000000000000000dEaD" },
      { chain: "evm:1", address: "0x00000000000000000000000000000000000000A1" },
      { chain: "evm:1", address: "0xnot" },
      { chain: "evm:1", address: "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE" },
    ];
    const r = await post("/v1/test/batch", JSON.stringify({ items }));
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { error: { code: "NOT_FOUND", message: "unknown token 0x000000000000000000000000000000000000dead" } },
      { data: { chain: "evm:1", address: "0x00000000000000000000000000000000000000a1" } },
      { error: { code: "INVALID_PARAM", message: expect.any(String) } },
      { data: { chain: "evm:1", address: "0x0000000000000000000000000000000000000000" } },
    ]);
    expect(recorder.admitted.map((a) => a.items)).toEqual([4]);
    expect(recorder.settled).toEqual([{ status: 200, servedItems: 2 }]);
    expect(r.headers.get("x-ratelimit-limit")).toBe("60");
    expect(r.headers.get("x-credits-remaining")).toBe("99");
  });

  it("names the path of an unknown or malformed field", async () => {
    const ok = { chain: "evm:1", address: "0x00000000000000000000000000000000000000a1" };
    const cases: [unknown, string][] = [
      [{ items: [ok, { ...ok, extra: 1 }] }, "items.1.extra"],
      [{ items: [ok, ok, ok, { chain: "evm:1", address: 7 }] }, "items.3.address"],
      [{ items: [ok, { chain: "nope", address: ok.address }] }, "items.1.chain"],
      [{ items: [ok], more: true }, "more"],
      [{ items: [] }, "items"],
      [{}, "items"],
      [[ok], "body"],
    ];
    for (const [body, param] of cases) {
      const r = await post("/v1/test/batch", JSON.stringify(body));
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(r, "INVALID_PARAM").details).toEqual({ param });
    }
  });

  it("refuses malformed JSON, non-JSON bodies and a missing body", async () => {
    const bad = await post("/v1/test/batch", '{"items": [');
    expect(bad.status).toBe(400);
    expect(errorOf(bad, "INVALID_PARAM").details).toEqual({ param: "body" });
    const text = await post("/v1/test/batch", "items=1", "text/plain");
    expect(text.status).toBe(400);
    expect(errorOf(text, "INVALID_PARAM").details).toEqual({ param: "body" });
    const res = await fetch(`${server.url}/v1/test/batch`, { method: "POST" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { details: unknown } }).error.details).toEqual({ param: "body" });
  });

  it("answers 413 in the error shape for a body over the bound", async () => {
    const items = Array.from({ length: 10 }, () => ({ chain: "evm:1", address: "0x".padEnd(300, "a") }));
    const r = await post("/v1/test/batch", JSON.stringify({ items }));
    expect(r.status).toBe(413);
    expect(errorOf(r, "PAYLOAD_TOO_LARGE").details).toEqual({ limitBytes: 2048 });
  });
});

describe("the gate", () => {
  it("puts a refusal's status and headers on the response and does not settle", async () => {
    recorder.settled.length = 0;
    const refusal = Object.assign(new RateLimitedError("slow down", 2500), {
      headers: { "X-RateLimit-Remaining": "0" },
    });
    recorder.refuseWith(refusal);
    try {
      const r = await get("/v1/test/things?chain=evm:1");
      expect(r.status).toBe(429);
      errorOf(r, "RATE_LIMITED");
      expect(r.headers.get("retry-after")).toBe("3");
      expect(r.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(recorder.settled).toEqual([]);
    } finally {
      recorder.refuseWith(null);
    }
  });

  it("turns a 2xx into 402 when settling finds the credits gone", async () => {
    recorder.failSettle(true);
    try {
      const r = await get("/v1/test/things?chain=evm:1");
      expect(r.status).toBe(402);
      errorOf(r, "QUOTA_EXCEEDED");
      expect(r.headers.get("x-credits-remaining")).toBe("0");
    } finally {
      recorder.failSettle(false);
    }
  });

  it("settles failed calls with nothing served", async () => {
    recorder.settled.length = 0;
    const r = await post("/v1/test/batch", JSON.stringify({ items: [{ chain: "evm:1", address: "0xzz" }] }));
    expect(r.status).toBe(200);
    expect(recorder.settled).toEqual([{ status: 200, servedItems: 0 }]);
  });
});

describe("unknown routes", () => {
  it("answer 404 NOT_FOUND in the error shape", async () => {
    const r = await get("/v1/nothing/here");
    expect(r.status).toBe(404);
    errorOf(r, "NOT_FOUND");
    const wrongMethod = await post("/v1/meta/chains", "{}");
    expect(wrongMethod.status).toBe(404);
    errorOf(wrongMethod, "NOT_FOUND");
  });
});

describe("/openapi.json", () => {
  it("is an OpenAPI 3.1 document, version 0.1.0, with one operation per endpoint", async () => {
    const r = await get("/openapi.json");
    expect(r.status).toBe(200);
    const doc = r.body as {
      openapi: string;
      info: { version: string; title: string };
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: {
        securitySchemes: Record<string, Record<string, unknown>>;
        schemas: Record<string, unknown>;
      };
      security: unknown[];
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("0.1.0");
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, op })),
    );
    const mounted = [...metaEndpoints, ...testEndpoints];
    expect(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort()).toEqual(
      mounted.map((e) => `${e.method} ${e.path}`).sort(),
    );
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { op } of operations) {
      expect(op["x-credits"]).toBeDefined();
      const responses = op.responses as Record<string, { content?: Record<string, { schema: unknown }> }>;
      expect(Object.keys(responses)).toEqual(
        expect.arrayContaining(["200", "400", "401", "404", "429", "500", "503"]),
      );
      expect(responses["400"]?.content?.["application/json"]?.schema).toEqual({
        $ref: "#/components/schemas/Error",
      });
    }
    expect(doc.paths["/v1/meta/chains"]?.get?.["x-credits"]).toEqual({ kind: "free" });
    expect(doc.paths["/v1/test/batch"]?.post?.["x-credits"]).toEqual({ kind: "perItem", amount: 1 });
    expect(doc.paths["/v1/test/batch"]?.post?.requestBody).toBeDefined();
    const params = doc.paths["/v1/test/things"]?.get?.parameters as {
      name: string;
      in: string;
      required: boolean;
      schema: Record<string, unknown>;
    }[];
    expect(params.find((p) => p.name === "limit")).toEqual({
      name: "limit",
      in: "query",
      required: false,
      schema: { type: "integer", minimum: 1, maximum: 100, default: 20 },
    });
    expect(params.find((p) => p.name === "chain")?.required).toBe(true);
    expect(params.find((p) => p.name === "flag")?.schema).toEqual({ type: "boolean", default: false });
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "Authorization",
    });
    expect(doc.security).toEqual([{ ApiKey: [] }]);
    const error = doc.components.schemas.Error as { properties: { error: { required: string[] } } };
    expect(error.properties.error.required).toEqual(["code", "message"]);
  });
});

describe("/healthz, /readyz, /metrics", () => {
  it("reports alive and each chain's ingest progress", async () => {
    const health = await get("/healthz");
    expect(health.status).toBe(200);
    const headAt = 1_800_000_000_000;
    await db.pool.query(
      "insert into ingest_checkpoints (chain_id, block, head_block, head_at, updated_at) values ($1, $2, $3, $4, $5)",
      ["evm:31337", 90, 100, headAt, Date.now()],
    );
    await db.pool.query(
      "insert into ingest_blocks (chain_id, number, hash, parent_hash, at) values ($1, $2, $3, $4, $5)",
      ["evm:31337", 90, "0x90", "0x89", headAt - 20_000],
    );
    const r = await get("/readyz");
    expect(r.status).toBe(200);
    expect(r.body.serving).toBe(true);
    const chains = r.body.chains as { chain: string }[];
    const local = chains.find((c) => c.chain === "evm:31337") as unknown as { headAgeMs: number };
    expect(local).toMatchObject({
      chain: "evm:31337",
      headBlock: 100,
      indexedBlock: 90,
      lagMs: 20_000,
      fresh: true,
    });
    expect(local.headAgeMs).toBeGreaterThanOrEqual(0);
    expect(local.headAgeMs).toBeLessThan(30_000);
    expect(chains.find((c) => c.chain === "solana")).toEqual({
      chain: "solana",
      headBlock: null,
      indexedBlock: null,
      lagMs: null,
      headAgeMs: null,
      fresh: null,
    });
  });

  it("reports a chain whose head has not moved for its freshness window as not fresh, with the reason", async () => {
    const written = Date.now() - 61_000;
    await db.pool.query("update ingest_checkpoints set updated_at = $2 where chain_id = $1", [
      "evm:31337",
      written,
    ]);
    try {
      const r = await get("/readyz");
      const local = (r.body.chains as { chain: string }[]).find(
        (c) => c.chain === "evm:31337",
      ) as unknown as {
        headAgeMs: number;
        fresh: boolean;
        reason: string;
      };
      // the devnet's block time is unknown (2 s): max(5 x 2 s, 30 s floor) = 30 s
      expect(local.fresh).toBe(false);
      expect(local.headAgeMs).toBeGreaterThanOrEqual(61_000);
      expect(local.reason).toMatch(/^no new head written for \d+ ms \(stale after 30000 ms\)$/);
    } finally {
      await db.pool.query("update ingest_checkpoints set updated_at = $2 where chain_id = $1", [
        "evm:31337",
        Date.now(),
      ]);
    }
  });

  it("answers 503 when not serving", async () => {
    const draining = new AbortController();
    draining.abort();
    const shards = createInProcessShardClient(service.api);
    const app = createApp({
      endpoints: [metaEndpoints],
      shards,
      gate: recorder.gate,
      ctx: createContext({ name: "draining", level: "silent" }),
      readiness: shardReadiness(shards, { draining: draining.signal }),
    });
    const s = await listen(app);
    try {
      const res = await fetch(`${s.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ serving: false });
    } finally {
      await s.close();
    }
  });

  it("counts requests by route and status in Prometheus format", async () => {
    const read = async () => {
      const res = await fetch(`${server.url}/metrics`);
      expect(res.headers.get("content-type")).toMatch(/text\/plain/);
      return res.text();
    };
    const count = (text: string, labels: string) => {
      const line = text.split("\n").find((l) => l.startsWith(`http_requests_total{${labels}}`));
      return line ? Number(line.split(" ").pop()) : 0;
    };
    const labels = 'route="/v1/meta/chains",method="GET",status="400"';
    const before = count(await read(), labels);
    await get("/v1/meta/chains?foo=1");
    await get("/v1/meta/chains?bar=1");
    const text = await read();
    expect(count(text, labels)).toBe(before + 2);
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/v1\/meta\/chains"/);
    expect(count(text, 'route="unmatched",method="GET",status="404"')).toBeGreaterThan(0);
  });
});

describe("client address given to the gate", () => {
  // GET endpoints are served ahead of Express, POST ones through it: both must resolve the
  // client's address the same way under the app's `trust proxy` setting.
  for (const trustProxy of [undefined, 1]) {
    it(`is the same for GET and POST with trust proxy ${trustProxy ?? "off"}`, async () => {
      const gate = recordingGate();
      const app = createApp({
        endpoints: [testEndpoints],
        shards: createInProcessShardClient(service.api),
        gate: gate.gate,
        ctx,
        readiness: async () => ({ serving: true, chains: [] }),
        ...(trustProxy === undefined ? {} : { trustProxy }),
      });
      const s = await listen(app);
      try {
        const forwarded = { "x-forwarded-for": "198.51.100.4, 203.0.113.7" };
        expect((await fetch(`${s.url}/v1/test/things?chain=evm:1`, { headers: forwarded })).status).toBe(200);
        const body = JSON.stringify({ items: [{ chain: "evm:1", address: `0x${"a".repeat(40)}` }] });
        const posted = await fetch(`${s.url}/v1/test/batch`, {
          method: "POST",
          body,
          headers: { ...forwarded, "content-type": "application/json" },
        });
        expect(posted.status).toBe(200);
        const [viaGet, viaPost] = gate.admitted.map((a) => a.ip);
        expect(viaGet).toBe(viaPost);
        // one trusted hop: the address the proxy saw; none: the socket's
        if (trustProxy === 1) expect(viaGet).toBe("203.0.113.7");
        else expect(viaGet).toMatch(/127\.0\.0\.1$/);
      } finally {
        await s.close();
      }
    });
  }
});
