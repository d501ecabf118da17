/**
 * `@tapeline/client` against the real router app and stream server (billing gate over the real
 * Redis and Postgres, events published on the real bus): typed REST answers equal the raw HTTP
 * answers, errors carry the API's codes, 429 is retried after its Retry-After, and the stream
 * client receives events, rollbacks and gaps, survives a refused subscribe, reconnects and
 * subscribes again after the server drops it, and stops for good on a 4402 whose action needs a
 * person.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Bus,
  type ChainId,
  createMemoryBus,
  createRedisBus,
  type MarketEvent,
  marketKey,
  publishMarketEvents,
} from "@tapeline/core";
import { TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createApp } from "../../services/api/src/createApp.ts";
import { createEndpointLists } from "../../services/api/src/endpointLists.ts";
import { shardReadiness } from "../../services/api/src/http/shardReadiness.ts";
import { createInProcessShardClient } from "../../services/api/src/shards/createInProcessShardClient.ts";
import type { StreamServer } from "../../services/api/src/streams/attachStreamServer.ts";
import { attachStreamServer } from "../../services/api/src/streams/attachStreamServer.ts";
import { createStreamHub } from "../../services/api/src/streams/createStreamHub.ts";
import {
  createRestClient,
  createTapelineClient,
  type StreamStatus,
  TapelineApiError,
  type TradeEventData,
  type WebSocketConstructor,
} from "../../services/client/src/index.ts";
import { deleteRedisKeys } from "../../services/core/src/testing/deleteRedisKeys.ts";
import { createQueryService } from "../../services/query/src/createQueryService.ts";
import { queryProviders } from "../../services/query/src/queryProviders.ts";
import { seedChains } from "../api/seedChains.ts";
import { accountWithKey, type BillingHarness, createBillingHarness } from "../billing/billingHarness.ts";
import { tradeEvent } from "../streams/tradeEvent.ts";

const CHAIN: ChainId = "evm:31337";
const POOL = `0x${"11".repeat(20)}`;
const TOKEN = `0x${"22".repeat(20)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let seq = 0;
const trade = (): MarketEvent => tradeEvent({ chain: CHAIN, pool: POOL, token: TOKEN }, ++seq, {}, "c");

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await sleep(20);
  }
}

describe("@tapeline/client", () => {
  let h: BillingHarness;
  let bus: Bus;
  let api: { url: string; close: () => Promise<void> };
  let server: Server;
  let streams: StreamServer;
  let hub: ReturnType<typeof createStreamHub>;
  let shards: ReturnType<typeof createInProcessShardClient>;
  const prefix = testRedisPrefix("client");

  const attach = () => {
    streams = attachStreamServer({
      server,
      hub,
      gate: h.gate,
      ctx: h.ctx,
      limits: {
        authTimeoutMs: 2000,
        connectionsPerKey: 5,
        subscriptionsPerConnection: 10,
        maxFrameBytes: 4096,
        maxBufferedBytes: 1024 * 1024,
      },
    });
  };

  beforeAll(async () => {
    h = await createBillingHarness("client", {
      defaults: { perMinute: 600, burstPerSecond: 1, groupCaps: {} },
    });
    await seedChains(h.db.pool);
    bus = createRedisBus({ url: TEST_REDIS_URL, prefix, logger: pino({ level: "silent" }) });
    const service = await createQueryService({ pool: h.db.pool, ctx: h.ctx, providers: queryProviders });
    h.ctx.shutdown.add("query", () => service.close());
    shards = createInProcessShardClient(service.api);
    hub = createStreamHub({ bus, shards, logger: h.ctx.logger });
    const app = createApp({
      endpoints: createEndpointLists({ ctx: h.ctx, gate: h.gate }),
      shards,
      gate: h.gate,
      ctx: h.ctx,
      readiness: shardReadiness(shards),
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    api = {
      url,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
    attach();
  });

  afterAll(async () => {
    await streams?.close();
    await hub?.close();
    await api?.close();
    await h?.ctx.shutdown.run("test done");
    await bus?.close();
    await deleteRedisKeys(prefix);
    await h?.close();
  });

  it("answers typed REST calls with exactly what the HTTP API answers", async () => {
    const a = await accountWithKey(h, { credits: 100 });
    const tl = createTapelineClient({ baseUrl: api.url, apiKey: a.secret });
    const typed = await tl.get("/v1/meta/chains");
    // the suite's rate limit allows about one call a second: the raw call waits its turn
    let res = await fetch(`${api.url}/v1/meta/chains`, { headers: { authorization: a.secret } });
    for (let i = 0; i < 5 && res.status === 429; i++) {
      await sleep(Number(res.headers.get("retry-after")) * 1000);
      res = await fetch(`${api.url}/v1/meta/chains`, { headers: { authorization: a.secret } });
    }
    expect(res.status).toBe(200);
    const raw = (await res.json()) as typeof typed;
    expect(typed.data).toEqual(raw.data);
    expect(typed.meta.asOf).toBeLessThanOrEqual(raw.meta.asOf);
    expect(typed.data.map((c) => c.chain)).toContain(CHAIN);
  });

  it("throws the API's error code and details, and tells what a retry can fix", async () => {
    const a = await accountWithKey(h, { credits: 100 });
    const tl = createRestClient({ baseUrl: api.url, apiKey: a.secret });
    const bad = await tl.get("/v1/token", { chain: CHAIN, address: "not-an-address" }).catch((e) => e);
    expect(bad).toBeInstanceOf(TapelineApiError);
    expect(bad).toMatchObject({ status: 400, code: "INVALID_PARAM", details: { param: "address" } });
    expect(bad.retryable).toBe(false);
    // an account with no credits and no payment method: a 402 whose action needs a person
    const broke = await accountWithKey(h);
    const pay = await createRestClient({ baseUrl: api.url, apiKey: broke.secret })
      .get("/v1/prices/native")
      .catch((e) => e);
    expect(pay).toBeInstanceOf(TapelineApiError);
    expect(pay.status).toBe(402);
    expect(typeof pay.action).toBe("string");
    expect(pay.retryable).toBe(
      ["account_pending", "verify_payment", "payment_processing"].includes(pay.action),
    );
  });

  it("waits out a 429's Retry-After and tries again; without retries it throws RATE_LIMITED", async () => {
    const a = await accountWithKey(h, { credits: 100 });
    const once = createRestClient({ baseUrl: api.url, apiKey: a.secret, maxRetries: 0 });
    await once.get("/v1/prices/native").catch(() => undefined);
    const limited = await once.get("/v1/prices/native").catch((e) => e);
    expect(limited).toBeInstanceOf(TapelineApiError);
    expect(limited).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect(limited.retryAfterMs).toBeGreaterThan(0);
    expect(limited.retryable).toBe(true);
    const patient = createRestClient({ baseUrl: api.url, apiKey: a.secret, maxRetries: 3 });
    const answers = await Promise.allSettled([0, 1].map(() => patient.get("/v1/meta/chains")));
    expect(answers.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
  });

  it("streams events and rollbacks, survives a refused subscribe, and subscribes again after a drop", async () => {
    const a = await accountWithKey(h, { credits: 1000 });
    const statuses: StreamStatus[] = [];
    const stream = createTapelineClient({ baseUrl: api.url, apiKey: a.secret }).stream({
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      initialDelayMs: 50,
      onStatus: (s) => statuses.push(s),
    });
    const got: TradeEventData[] = [];
    const rollbacks: string[][] = [];
    const sub = stream.subscribe(
      "trades",
      { chain: CHAIN, pool: POOL },
      { onEvent: (d) => got.push(d), onRollback: (f) => rollbacks.push(f.orphanedTradeIds) },
    );
    await sub.acked;
    const refused = stream.subscribe("trades", { chain: CHAIN, pool: "nope" }, { onEvent: () => {} });
    await expect(refused.acked).rejects.toMatchObject({ code: "INVALID_PARAM" });

    const first = [trade(), trade(), trade()];
    await publishMarketEvents(bus, first);
    await until(() => got.length === 3);
    expect(got.map((t) => t.id)).toEqual(first.map((e) => (e.type === "trade" ? e.trade.id : "")));
    await publishMarketEvents(bus, [
      {
        type: "rollback",
        chain: CHAIN,
        market: marketKey(CHAIN, POOL),
        pool: POOL,
        token: TOKEN,
        ancestorBlock: 1,
        orphanedTradeIds: ["c2", "c3"],
      },
    ]);
    await until(() => rollbacks.length === 1);
    expect(rollbacks[0]).toEqual(["c2", "c3"]);

    // the server goes away (every connection closed 1001, upgrades refused) and comes back
    await streams.close();
    await until(() => statuses.includes("reconnecting"));
    await sleep(200);
    attach();
    await until(() => statuses.filter((s) => s === "ready").length === 2);
    await until(() => streams.connections() === 1);
    // the subscription is live again: wait for its ack by sending until an event arrives
    const after = trade();
    const seen = got.length;
    for (let i = 0; i < 50 && got.length === seen; i++) {
      await publishMarketEvents(bus, [i === 0 ? after : trade()]);
      await sleep(100);
    }
    expect(got.length).toBeGreaterThan(seen);
    stream.close();
    await until(() => stream.status === "closed");
  });

  it("hands a gap frame to the subscription's onGap, in its place among the events", async () => {
    // A server of its own whose hub consumes a bus keeping about 16 events, overtaken by a burst.
    const small = createMemoryBus({ logger: pino({ level: "silent" }), maxLen: 16 });
    const smallHub = createStreamHub({ bus: small, shards, logger: h.ctx.logger });
    const smallServer = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((r) => smallServer.listen(0, "127.0.0.1", r));
    const smallStreams = attachStreamServer({ server: smallServer, hub: smallHub, gate: h.gate, ctx: h.ctx });
    const a = await accountWithKey(h, { credits: 1000 });
    const stream = createTapelineClient({
      baseUrl: `http://127.0.0.1:${(smallServer.address() as AddressInfo).port}`,
      apiKey: a.secret,
    }).stream({ WebSocket: WebSocket as unknown as WebSocketConstructor });
    try {
      const seen: string[] = [];
      const sub = stream.subscribe(
        "trades",
        { chain: CHAIN, pool: POOL },
        {
          onEvent: () => {},
          onRollback: (f) => seen.push(String(f.ancestorBlock)),
          onGap: (f) => seen.push(`gap ${f.id} ${f.channel} ${f.chain}`),
        },
      );
      await sub.acked;
      const rollback = (n: number): MarketEvent => ({
        type: "rollback",
        chain: CHAIN,
        market: marketKey(CHAIN, POOL),
        pool: POOL,
        token: TOKEN,
        ancestorBlock: n,
        orphanedTradeIds: [],
      });
      await Promise.all(Array.from({ length: 200 }, (_, i) => publishMarketEvents(small, [rollback(i + 1)])));
      await until(() => seen.at(-1) === "200");
      const kept = seen.length - 1;
      expect(kept).toBeLessThan(199);
      expect(seen).toEqual([
        `gap ${sub.id} trades ${CHAIN}`,
        ...Array.from({ length: kept }, (_, i) => String(200 - kept + i + 1)),
      ]);
    } finally {
      stream.close();
      await smallStreams.close();
      await smallHub.close();
      await small.close();
      await new Promise<void>((r) => smallServer.close(() => r()));
    }
  });

  it("stops for good on 4402 when the action needs a person, rejecting what waits", async () => {
    const a = await accountWithKey(h, { credits: 2 });
    const errors: TapelineApiError[] = [];
    const statuses: StreamStatus[] = [];
    const stream = createTapelineClient({ baseUrl: api.url, apiKey: a.secret }).stream({
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      initialDelayMs: 50,
      onError: (e) => errors.push(e),
      onStatus: (s) => statuses.push(s),
    });
    const got: unknown[] = [];
    await stream.subscribe("trades", { chain: CHAIN, pool: POOL }, { onEvent: (d) => got.push(d) }).acked;
    for (let i = 0; i < 5 && stream.status !== "closed"; i++) {
      await publishMarketEvents(bus, [trade(), trade()]);
      await sleep(100);
    }
    await until(() => stream.status === "closed");
    expect(got.length).toBeLessThanOrEqual(2);
    expect(errors.at(-1)).toMatchObject({ status: 402, code: "PAYMENT_REQUIRED" });
    expect(errors.at(-1)?.action).toBe("add_payment_method");
    expect(errors.at(-1)?.retryable).toBe(false);
    await sleep(300);
    expect(statuses.filter((s) => s === "connecting" || s === "reconnecting")).toEqual([]);
    expect(streams.connections()).toBe(0);
  });
});
