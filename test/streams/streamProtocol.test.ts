import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Bus,
  type ChainId,
  createRedisBus,
  type MarketEvent,
  publishMarketEvents,
  type TradeRow,
} from "@tapeline/core";
import { TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInProcessShardClient } from "../../services/api/src/shards/createInProcessShardClient.ts";
import { attachStreamServer, type StreamServer } from "../../services/api/src/streams/attachStreamServer.ts";
import { createStreamHub } from "../../services/api/src/streams/createStreamHub.ts";
import { deleteRedisKeys } from "../../services/core/src/testing/deleteRedisKeys.ts";
import { createQueryService } from "../../services/query/src/createQueryService.ts";
import { queryProviders } from "../../services/query/src/queryProviders.ts";
import { accountWithKey, type BillingHarness, createBillingHarness } from "../billing/billingHarness.ts";
import { keyRequest } from "../billing/request.ts";
import { tradeEvent } from "./tradeEvent.ts";
import { connectWs, type WsClient } from "./wsClient.ts";

const CHAIN: ChainId = "evm:31337";
const POOL = `0x${"11".repeat(20)}`;
const TOKEN = `0x${"22".repeat(20)}`;
const OTHER_POOL = `0x${"33".repeat(20)}`;

let seq = 0;
const trade = (pool: string, over: Partial<TradeRow> = {}): MarketEvent =>
  tradeEvent({ chain: CHAIN, pool, token: TOKEN }, ++seq, over);

describe("stream protocol on the API server", () => {
  let h: BillingHarness;
  let bus: Bus;
  let server: Server;
  let streams: StreamServer;
  let url: string;
  let closeAll: () => Promise<void>;
  const prefix = testRedisPrefix("streams");

  beforeAll(async () => {
    h = await createBillingHarness("streams");
    bus = createRedisBus({ url: TEST_REDIS_URL, prefix, logger: pino({ level: "silent" }) });
    const service = await createQueryService({ pool: h.db.pool, ctx: h.ctx, providers: queryProviders });
    const hub = createStreamHub({
      bus,
      shards: createInProcessShardClient(service.api),
      logger: h.ctx.logger,
    });
    server = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1/stream`;
    streams = attachStreamServer({
      server,
      hub,
      gate: h.gate,
      ctx: h.ctx,
      limits: {
        authTimeoutMs: 300,
        connectionsPerKey: 3,
        subscriptionsPerConnection: 3,
        maxFrameBytes: 2048,
        maxBufferedBytes: 1024 * 1024,
      },
    });
    closeAll = async () => {
      await streams.close();
      await hub.close();
      await new Promise<void>((r) => server.close(() => r()));
      await service.close();
    };
  });

  afterAll(async () => {
    await closeAll?.();
    await bus?.close();
    await deleteRedisKeys(prefix);
    await h?.close();
  });

  async function authed(
    credits = 1000,
  ): Promise<{ c: WsClient; account: Awaited<ReturnType<typeof accountWithKey>> }> {
    const account = await accountWithKey(h, { credits });
    const c = await connectWs(url);
    c.send({ type: "auth", key: account.secret });
    await c.next((f) => f.type === "ready");
    return { c, account };
  }

  it("closes 4408 without an auth frame in time, 4401 on a bad first frame or a refused key", async () => {
    const silent = await connectWs(url);
    expect(await silent.closed).toEqual({ code: 4408, reason: "auth_timeout" });
    const garbage = await connectWs(url);
    garbage.send("hello");
    expect(await garbage.closed).toEqual({ code: 4401, reason: "missing_key" });
    const wrong = await connectWs(url);
    wrong.send({ type: "auth", key: "tl_not-a-key" });
    expect(await wrong.closed).toEqual({ code: 4401, reason: "invalid_key" });
  });

  it("answers bad frames with error frames carrying the REST codes and details, and the connection survives", async () => {
    const { c } = await authed();
    const errors: [unknown, string, string][] = [
      ["not json", "INVALID_PARAM", "frame"],
      [{ type: "dance" }, "INVALID_PARAM", "type"],
      [{ type: "subscribe", id: "a", channel: "candles", params: {} }, "INVALID_PARAM", "channel"],
      [
        { type: "subscribe", id: "b", channel: "trades", params: { chain: "evm:x", pool: POOL } },
        "INVALID_PARAM",
        "params.chain",
      ],
      [
        { type: "subscribe", id: "c", channel: "trades", params: { chain: CHAIN, pool: "0x12" } },
        "INVALID_PARAM",
        "params.pool",
      ],
      [
        { type: "subscribe", id: "d", channel: "trades", params: { chain: CHAIN, pool: POOL, token: TOKEN } },
        "INVALID_PARAM",
        "params.pool",
      ],
      [
        {
          type: "subscribe",
          id: "e",
          channel: "trades",
          params: { chain: CHAIN, pool: POOL, minVolumeUsd: -1 },
        },
        "INVALID_PARAM",
        "params.minVolumeUsd",
      ],
      [
        {
          type: "subscribe",
          id: "f",
          channel: "trades",
          params: { chain: CHAIN, pool: POOL, colour: "red" },
        },
        "INVALID_PARAM",
        "params.colour",
      ],
      [
        {
          type: "subscribe",
          id: "g",
          channel: "trades",
          params: { chain: CHAIN, pool: POOL, wash: "washOnly" },
        },
        "INVALID_PARAM",
        "params.wash",
      ],
      [
        { type: "subscribe", id: "h", channel: "token-updates", params: { chain: CHAIN, tokens: [] } },
        "INVALID_PARAM",
        "params.tokens",
      ],
      [{ type: "unsubscribe", id: "nope" }, "INVALID_PARAM", "id"],
      [{ type: "subscribe", id: "i", channel: "screener", params: {} }, "INVALID_PARAM", "channel"],
    ];
    for (const [frame, code, param] of errors) {
      const from = c.frames.length;
      c.send(frame);
      const err = (await c.next((f) => f.type === "error", from)) as {
        error: { code: string; details: { param: string } };
      };
      expect([err.error.code, err.error.details.param], JSON.stringify(frame)).toEqual([code, param]);
    }
    let from = c.frames.length;
    c.send(JSON.stringify({ type: "ping", pad: "x".repeat(4000) }));
    expect(await c.next((f) => f.type === "error", from)).toMatchObject({
      error: { code: "PAYLOAD_TOO_LARGE", details: { limitBytes: 2048 } },
    });
    from = c.frames.length;
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await c.next((f) => f.type === "error", from)).toMatchObject({ error: { code: "INVALID_PARAM" } });

    // still alive: a good subscribe is acknowledged and delivers
    c.send({ type: "subscribe", id: "ok", channel: "trades", params: { chain: CHAIN, pool: POOL } });
    await c.next((f) => f.type === "ack" && f.id === "ok");
    from = c.frames.length;
    c.send({ type: "subscribe", id: "ok", channel: "trades", params: { chain: CHAIN, pool: POOL } });
    expect(await c.next((f) => f.type === "error", from)).toMatchObject({
      id: "ok",
      error: { details: { param: "id" } },
    });
    const e = trade(POOL);
    await publishMarketEvents(bus, [e]);
    const got = await c.next((f) => f.type === "event" && f.id === "ok");
    expect(got).toEqual({
      type: "event",
      id: "ok",
      channel: "trades",
      chain: CHAIN,
      data: (e as { trade: TradeRow }).trade,
    });
    c.ws.close();
  });

  it("delivers only what a subscription's filters pass, until it is unsubscribed", async () => {
    const { c } = await authed();
    c.send({
      type: "subscribe",
      id: "buys",
      channel: "trades",
      params: { chain: CHAIN, pool: POOL, side: "buy", minAmountToken: 0 },
    });
    c.send({ type: "subscribe", id: "tok", channel: "trades", params: { chain: CHAIN, token: TOKEN } });
    await c.next((f) => f.type === "ack" && f.id === "tok");
    const events = [trade(POOL), trade(POOL), trade(OTHER_POOL), trade(POOL)];
    const onPool = events.filter((e) => e.pool === POOL);
    await publishMarketEvents(bus, events);
    const ids = (e: MarketEvent) => (e.type === "trade" ? e.trade.id : "");
    await c.next((f) => f.type === "event" && f.id === "tok" && (f.data as TradeRow).id === ids(events[3]!));
    await c.next((f) => f.type === "event" && f.id === "tok" && (f.data as TradeRow).id === ids(events[2]!));
    const got = (sub: string) =>
      c.frames.filter((f) => f.type === "event" && f.id === sub).map((f) => (f.data as TradeRow).id);
    // A token's markets travel on their own partitions: in order per market, not across markets.
    expect(got("tok").filter((id) => onPool.map(ids).includes(id))).toEqual(onPool.map(ids));
    expect([...got("tok")].sort()).toEqual(events.map(ids).sort());
    expect(got("buys")).toEqual(
      events.filter((e) => e.type === "trade" && e.pool === POOL && e.trade.isBuy).map(ids),
    );
    c.send({ type: "unsubscribe", id: "tok" });
    await c.next((f) => f.type === "unsubscribed" && f.id === "tok");
    const after = trade(OTHER_POOL);
    const marker = trade(POOL, { isBuy: true });
    await publishMarketEvents(bus, [after, marker]);
    await c.next((f) => f.type === "event" && (f.data as TradeRow).id === ids(marker));
    expect(got("tok")).not.toContain(ids(after));
    c.ws.close();
  });

  it("limits subscriptions per connection and connections per key", async () => {
    const { c, account } = await authed();
    for (const id of ["1", "2", "3"])
      c.send({ type: "subscribe", id, channel: "trades", params: { chain: CHAIN, pool: POOL } });
    await c.next((f) => f.type === "ack" && f.id === "3");
    c.send({ type: "subscribe", id: "4", channel: "trades", params: { chain: CHAIN, pool: POOL } });
    expect(await c.next((f) => f.type === "error" && f.id === "4")).toMatchObject({
      error: { code: "INVALID_PARAM", details: { reason: "subscription_limit", limit: 3 } },
    });
    const more: WsClient[] = [];
    for (let i = 0; i < 2; i++) {
      const x = await connectWs(url);
      x.send({ type: "auth", key: account.secret });
      await x.next((f) => f.type === "ready");
      more.push(x);
    }
    const over = await connectWs(url);
    over.send({ type: "auth", key: account.secret });
    expect(await over.closed).toEqual({ code: 4429, reason: "too_many_connections" });
    for (const x of [c, ...more]) x.ws.close();
  });

  it("bills 1 credit per delivered event, exactly, and closes 4402 with the action when the account cannot pay", async () => {
    const { c, account } = await authed(10);
    c.send({ type: "subscribe", id: "t", channel: "trades", params: { chain: CHAIN, pool: POOL } });
    await c.next((f) => f.type === "ack");
    await publishMarketEvents(bus, [trade(POOL), trade(POOL), trade(POOL)]);
    await c.next((f) => f.type === "event" && c.frames.filter((x) => x.type === "event").length === 3);
    for (let i = 0; i < 6; i++) await publishMarketEvents(bus, [trade(POOL), trade(POOL)]);
    expect(await c.closed).toEqual({ code: 4402, reason: "add_payment_method" });
    const delivered = c.frames.filter((f) => f.type === "event").length;
    expect(delivered).toBeGreaterThanOrEqual(3);
    expect(delivered).toBeLessThanOrEqual(10);
    const usage = await keyRequest(`${(await h.serve()).url}/v1/usage/breakdown`, account.secret);
    expect(usage.body.data).toEqual([
      { endpoint: "stream:trades", kind: "stream", requests: delivered, credits: delivered, errors: 0 },
    ]);
  });

  it("drops a client that stops reading at the buffer bound while another keeps receiving everything", async () => {
    const { c: slow } = await authed(1_000_000);
    const { c: fast } = await authed(1_000_000);
    for (const x of [slow, fast]) {
      x.send({ type: "subscribe", id: "t", channel: "trades", params: { chain: CHAIN, pool: POOL } });
      await x.next((f) => f.type === "ack");
    }
    // The slow client stops reading its socket: the server's buffer for it grows.
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const before =
      (await h.ctx.metrics.getSingleMetric("tapeline_stream_dropped_total")?.get())?.values.find(
        (v) => v.labels.reason === "slow_consumer",
      )?.value ?? 0;
    // A turn's burst (one bus read, 256 events at most) stays well under the bound; the total is
    // more than the loopback socket buffers can take.
    const pad = "p".repeat(1000);
    const total = 10_000;
    for (let i = 0; i < total; i += 200) {
      await publishMarketEvents(
        bus,
        Array.from({ length: 200 }, () => trade(POOL, { maker: pad })),
      );
    }
    const lastId = `t${seq}`;
    await fast.next((f) => f.type === "event" && (f.data as TradeRow).id === lastId);
    expect(fast.frames.filter((f) => f.type === "event")).toHaveLength(total);
    const after = (await h.ctx.metrics.getSingleMetric("tapeline_stream_dropped_total")?.get())?.values.find(
      (v) => v.labels.reason === "slow_consumer",
    )?.value;
    expect(after).toBe(before + 1);
    fast.ws.close();
    slow.ws.terminate();
  });
});
