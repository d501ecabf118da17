/**
 * The screener stream channels on the router's stream server, over universe computations in the
 * real Redis and the billing gate: a key the admin enabled gets the first page of its view as
 * `enter` events, then at each new computation exactly the rows that entered, changed or left,
 * judged against `GET /v1/screener` of the same view before and after; each event costs one
 * credit. A key not enabled is refused with FORBIDDEN, a bad filter with INVALID_PARAM naming
 * `params.filters`, and the connection survives both.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type ChainId,
  createMemoryBus,
  createRedisCache,
  createUniverseStore,
  type StatsWindow,
  type UniverseMarket,
  type UniverseStore,
} from "@tapeline/core";
import { TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../services/api/src/createApp.ts";
import { createEndpointLists } from "../../services/api/src/endpointLists.ts";
import { createScreenerLister } from "../../services/api/src/endpoints/screener/createScreenerEndpoints.ts";
import { createUniverseReader } from "../../services/api/src/endpoints/screener/createUniverseReader.ts";
import { shardReadiness } from "../../services/api/src/http/shardReadiness.ts";
import { createInProcessShardClient } from "../../services/api/src/shards/createInProcessShardClient.ts";
import { attachStreamServer, type StreamServer } from "../../services/api/src/streams/attachStreamServer.ts";
import { createScreenerFeed, type ScreenerFeed } from "../../services/api/src/streams/createScreenerFeed.ts";
import { createStreamHub } from "../../services/api/src/streams/createStreamHub.ts";

import { deleteRedisKeys } from "../../services/core/src/testing/deleteRedisKeys.ts";
import { createQueryService } from "../../services/query/src/createQueryService.ts";
import { accountWithKey, type BillingHarness, createBillingHarness } from "../billing/billingHarness.ts";
import { connectWs, type WsClient } from "./wsClient.ts";

const CHAIN: ChainId = "evm:1";
const WINDOWS: StatsWindow[] = ["5m", "1h", "6h", "24h"];
const CREATED_AT = Date.now() - 86_400_000;
const hex = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A universe market whose 24 h USD volume is `volumeUsd`. */
function market(n: number, volumeUsd: number, priceUsd = 1): UniverseMarket {
  const stats = {
    volumeNative: volumeUsd / 2000,
    volumeUsd,
    buys: 3,
    sells: 2,
    txns: 5,
    feesNative: null,
    feesUsd: null,
    priceChangePct: 1.5,
  };
  return {
    chain: CHAIN,
    address: hex(1000 + n),
    name: `token ${n}`,
    symbol: `T${n}`,
    pool: { address: hex(n), type: "UNISWAP_V2", factory: null, quoteAddress: hex(9), quoteSymbol: "WETH" },
    priceNative: (priceUsd / 2000).toFixed(12),
    priceUsd,
    marketCapUsd: priceUsd * 1e9,
    liquidityUsd: 50_000,
    createdAt: CREATED_AT,
    stats: Object.fromEntries(WINDOWS.map((w) => [w, stats])) as UniverseMarket["stats"],
    makers24h: 10,
    trending: volumeUsd,
  };
}

type Row = { pool: { address: string }; ageSeconds?: unknown };
const noAge = (r: Row) => ({ ...r, ageSeconds: undefined });

describe("screener stream channels", () => {
  let h: BillingHarness;
  let universe: UniverseStore;
  let cache: ReturnType<typeof createRedisCache>;
  let server: Server;
  let streams: StreamServer;
  let feed: ScreenerFeed;
  let url = "";
  let api = "";
  const prefix = testRedisPrefix("screener-stream");

  beforeAll(async () => {
    h = await createBillingHarness("screener-stream");
    cache = createRedisCache({ url: TEST_REDIS_URL, prefix });
    universe = createUniverseStore(cache);
    await universe.put(CHAIN, Date.now(), {
      markets: [market(1, 9_000), market(2, 8_000), market(3, 7_000), market(4, 6_000)],
      newest: [],
    });
    const service = await createQueryService({ pool: h.db.pool, ctx: h.ctx, providers: [] });
    h.ctx.shutdown.add("query", () => service.close());
    const shards = createInProcessShardClient(service.api);
    const app = createApp({
      endpoints: createEndpointLists({ ctx: h.ctx, gate: h.gate, universe }),
      shards,
      gate: h.gate,
      ctx: h.ctx,
      readiness: shardReadiness(shards),
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    api = `http://127.0.0.1:${port}`;
    url = `ws://127.0.0.1:${port}/v1/stream`;
    const reader = createUniverseReader(universe, { pointerMs: 50 });
    feed = createScreenerFeed({
      list: createScreenerLister(reader),
      reader,
      logger: h.ctx.logger,
      pollMs: 50,
    });
    const hub = createStreamHub({ bus: createMemoryBus(), shards, logger: h.ctx.logger });
    streams = attachStreamServer({ server, hub, gate: h.gate, ctx: h.ctx, screener: feed });
    h.ctx.shutdown.add("hub", () => hub.close());
  });

  afterAll(async () => {
    await streams?.close();
    feed?.close();
    await new Promise<void>((r) => {
      server?.closeAllConnections();
      server?.close(() => r());
    });
    await h?.ctx.shutdown.run("test done");
    await cache?.close();
    await deleteRedisKeys(prefix);
    await h?.close();
  });

  async function connect(secret: string): Promise<WsClient> {
    const c = await connectWs(url);
    c.send({ type: "auth", key: secret });
    await c.next((f) => f.type === "ready");
    return c;
  }

  let restCalls = 0;
  async function restPage(secret: string): Promise<Row[]> {
    restCalls += 1;
    const res = await fetch(`${api}/v1/screener?chains=${CHAIN}&sortBy=volume&limit=3`, {
      headers: { authorization: secret },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Row[] }).data;
  }

  const events = (c: WsClient, id: string) =>
    c.frames.filter((f) => f.type === "event" && f.id === id) as { op: string; data: Row }[];

  it("refuses a key the admin did not enable, and a bad filter, keeping the connection", async () => {
    const a = await accountWithKey(h, { credits: 100 });
    const c = await connect(a.secret);
    c.send({ type: "subscribe", id: "s", channel: "screener", params: { chains: [CHAIN] } });
    const refused = await c.next((f) => f.type === "error" && f.id === "s");
    expect(refused.error).toMatchObject({
      code: "FORBIDDEN",
      details: { action: "request_screener_streams" },
    });
    await h.accounts.setScreenerStreams(a.accountId, a.keyId, true);
    const c2 = await connect(a.secret);
    c2.send({
      type: "subscribe",
      id: "bad",
      channel: "screener-pools",
      params: { chains: [CHAIN], filters: { noSuchField: { gt: 1 } } },
    });
    const bad = await c2.next((f) => f.type === "error" && f.id === "bad");
    expect(bad.error).toMatchObject({ code: "INVALID_PARAM", details: { param: "params.filters" } });
    c2.send({ type: "subscribe", id: "cur", channel: "screener", params: { chains: [CHAIN], cursor: "x" } });
    const cur = await c2.next((f) => f.type === "error" && f.id === "cur");
    expect(cur.error).toMatchObject({ code: "INVALID_PARAM", details: { param: "params.cursor" } });
    c2.send({ type: "ping", id: "p" });
    await c2.next((f) => f.type === "pong" && f.id === "p");
    c.ws.close();
    c2.ws.close();
  });

  it("sends the first page as enter events, then what entered, changed and left at each computation, one credit each", async () => {
    const a = await accountWithKey(h, { credits: 1000 });
    await h.accounts.setScreenerStreams(a.accountId, a.keyId, true);
    const before = (await h.gate.store.figures(a.accountId))?.remaining ?? Number.NaN;
    restCalls = 0;
    const first = await restPage(a.secret);
    const c = await connect(a.secret);
    c.send({
      type: "subscribe",
      id: "top",
      channel: "screener",
      params: { chains: [CHAIN], sortBy: "volume", limit: 3 },
    });
    await c.next((f) => f.type === "ack" && f.id === "top");
    await c.next(() => events(c, "top").length === 3);
    expect(events(c, "top").map((e) => e.op)).toEqual(["enter", "enter", "enter"]);
    expect(events(c, "top").map((e) => noAge(e.data))).toEqual(first.map(noAge));

    // market 4 overtakes market 3 (3 leaves the page), market 1's price moves, market 2 is unchanged
    await universe.put(CHAIN, Date.now(), {
      markets: [market(1, 9_000, 1.25), market(2, 8_000), market(3, 7_000), market(4, 7_500)],
      newest: [],
    });
    // the REST reader looks at the latest computation about once a second
    let second = await restPage(a.secret);
    for (let i = 0; i < 40 && JSON.stringify(second.map(noAge)) === JSON.stringify(first.map(noAge)); i++) {
      await sleep(100);
      second = await restPage(a.secret);
    }
    const key = (r: Row) => r.pool.address;
    const was = new Map(first.map((r) => [key(r), JSON.stringify(noAge(r))]));
    const now = new Map(second.map((r) => [key(r), JSON.stringify(noAge(r))]));
    const expected = [
      ...second.filter((r) => !was.has(key(r))).map((r) => `enter ${key(r)}`),
      ...second
        .filter((r) => was.has(key(r)) && was.get(key(r)) !== now.get(key(r)))
        .map((r) => `change ${key(r)}`),
      ...first.filter((r) => !now.has(key(r))).map((r) => `leave ${key(r)}`),
    ].sort();
    expect(expected).toEqual([`change ${hex(1)}`, `enter ${hex(4)}`, `leave ${hex(3)}`].sort());
    await c.next(() => events(c, "top").length === 3 + expected.length);
    await sleep(200);
    const diff = events(c, "top").slice(3);
    expect(diff.map((e) => `${e.op} ${key(e.data)}`).sort()).toEqual(expected);
    for (const e of diff.filter((x) => x.op !== "leave")) {
      expect(noAge(e.data)).toEqual(noAge(second.find((r) => key(r) === key(e.data)) as Row));
    }

    // billing settles per turn after delivery: poll until every event is charged
    const delivered = events(c, "top").length;
    for (let i = 0; i < 50; i++) {
      const left = (await h.gate.store.figures(a.accountId))?.remaining ?? Number.NaN;
      if (before - left >= delivered + restCalls) break;
      await sleep(50);
    }
    // one credit per event, plus 1 per REST reference call
    const spent = before - ((await h.gate.store.figures(a.accountId))?.remaining ?? Number.NaN);
    expect(spent).toBe(delivered + restCalls);
    c.ws.close();
  });
});
