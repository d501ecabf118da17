/**
 * Gap-free resume of the streams' bus consumers, on the router's entry point with API_WORKERS=2
 * (two replicas, each consuming the bus itself): trades are published continuously while the
 * workers' bus connections are killed (`CLIENT KILL`), then while a Redis server of the test's own
 * (appending to a file, as a persistent production Redis does) is restarted. Every client must
 * get every entry the stream holds, in its order, once: the truth is read back from the Redis
 * stream itself, not from what the test meant to publish. Then a cut-off longer than the stream
 * retains: every client gets one `gap` frame in place of the lost trades.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Bus,
  type ChainId,
  createRedisBus,
  type MarketEvent,
  marketEventTopicOf,
  marketKey,
  publishMarketEvents,
} from "@tapeline/core";
import { freePort, TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { type ClusterRedis, ownRedis } from "../../scripts/cluster/startClusterRedis.ts";
import { deleteRedisKeys } from "../../services/core/src/testing/deleteRedisKeys.ts";
import { tradeEvent } from "./tradeEvent.ts";
import { connectWs, type WsClient } from "./wsClient.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dir = mkdtempSync(path.join(tmpdir(), "tapeline-stream-resume-"));
const CHAIN: ChainId = "evm:31337";
const MARKET = { chain: CHAIN, pool: `0x${"31".repeat(20)}`, token: `0x${"32".repeat(20)}` };
const children = new Set<ChildProcess>();
const ownServers: ClusterRedis[] = [];
const sharedPrefixes: string[] = [];

afterAll(async () => {
  for (const c of children) c.kill("SIGKILL");
  for (const r of ownServers) await r.stop();
  for (const p of sharedPrefixes) await deleteRedisKeys(p);
  rmSync(dir, { recursive: true, force: true });
});

/** The router with two worker processes on a free port, its bus on `redisUrl` under `prefix`. */
async function startRouter(
  redisUrl: string,
  prefix: string,
): Promise<{ url: string; stop(): Promise<number | null> }> {
  const port = await freePort();
  const mapPath = path.join(dir, `shards-${port}.json`);
  // No shard answers: trade badges stay null (unknown), which the stream tolerates.
  writeFileSync(
    mapPath,
    JSON.stringify({ version: 1, partitions: 16, shards: [{ name: "q-0", url: "http://127.0.0.1:9" }] }),
  );
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "services/api/src/index.ts")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      LOG_LEVEL: "fatal",
      API_WORKERS: "2",
      BILLING_ENABLED: "false",
      REDIS_URL: redisUrl,
      BUS_PREFIX: prefix,
      SHARD_MAP_PATH: mapPath,
      HOST: "127.0.0.1",
      PORT: String(port),
      STREAM_AUTH_TIMEOUT_MS: "60000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.add(child);
  return {
    url: `ws://127.0.0.1:${port}/v1/stream`,
    async stop() {
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const code = await exited;
      children.delete(child);
      return code;
    },
  };
}

/** Waits for a frame of `type`, patiently: a worker that just started can be slow on a busy machine. */
async function waitForFrame(c: WsClient, type: string): Promise<void> {
  for (let i = 0; i < 600 && !c.frames.some((f) => f.type === type); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(c.frames.map((f) => f.type)).toContain(type);
}

/**
 * Clients subscribed to the market's trades: at least `n`, and more until both worker processes
 * hold some (each then has its own consumer connection on the bus).
 */
async function subscribeClients(url: string, admin: Redis, prefix: string, n: number): Promise<WsClient[]> {
  const clients: WsClient[] = [];
  while (clients.length < n || (await consumerConnectionIds(admin, prefix)).length < 2) {
    if (clients.length >= 40) throw new Error("the connections never reached the second worker");
    let c: WsClient | null = null;
    for (let t = 0; t < 600 && !c; t++) {
      c = await connectWs(url).catch(() => null);
      if (!c) await new Promise((r) => setTimeout(r, 100));
    }
    c!.send({ type: "auth", key: "any" });
    await waitForFrame(c!, "ready");
    c!.send({ type: "subscribe", id: "s", channel: "trades", params: { chain: CHAIN, pool: MARKET.pool } });
    await waitForFrame(c!, "ack");
    clients.push(c!);
  }
  return clients;
}

/** The stream's own record: the trade ids the market's topic holds, in stream order. */
async function tradesInStream(redisUrl: string, prefix: string): Promise<string[]> {
  const redis = new Redis(redisUrl);
  try {
    const key = `${prefix}${marketEventTopicOf(marketKey(CHAIN, MARKET.pool))}`;
    const entries = await redis.xrange(key, "-", "+");
    return entries.map(([, fields]) => {
      const event = JSON.parse(fields[fields.indexOf("p") + 1]!) as MarketEvent;
      if (event.type !== "trade") throw new Error(`unexpected ${event.type} event in the stream`);
      return event.trade.id;
    });
  } finally {
    redis.disconnect();
  }
}

/**
 * Publishes `count` trades one after the other, each on its own turn; a publish the bus refused
 * (Redis was down for longer than its retries) is left out, the stream's record is the truth.
 * @returns the ids whose publish was confirmed
 */
async function publishTrades(bus: Bus, count: number, pauseMs: number): Promise<string[]> {
  const confirmed: string[] = [];
  for (let seq = 1; seq <= count; seq++) {
    const event = tradeEvent(MARKET, seq);
    try {
      await publishMarketEvents(bus, [event]);
      if (event.type === "trade") confirmed.push(event.trade.id);
    } catch {
      // not confirmed: whether it reached the stream is read back from the stream
    }
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  return confirmed;
}

/** The `:sub` connections of the bus under `prefix` (the consumers' XREAD connections). */
async function consumerConnectionIds(redis: Redis, prefix: string): Promise<string[]> {
  const name = `${prefix.replace(/[^A-Za-z0-9_.-]/g, "_")}bus:sub`;
  const list = (await redis.client("LIST")) as string;
  return list
    .split("\n")
    .filter((line) => line.includes(` name=${name} `))
    .map((line) => /(?:^|\s)id=(\d+)/.exec(line)![1]!);
}

/** What a client got after its `ack`: trade ids, and `gap` for a gap frame. */
const delivered = (c: WsClient): string[] =>
  c.frames
    .filter((f) => (f.type === "event" && f.channel === "trades") || f.type === "gap")
    .map((f) => (f.type === "gap" ? "gap" : (f.data as { id: string }).id));

async function expectEveryTradeOnce(clients: WsClient[], truth: string[]): Promise<void> {
  const last = truth.at(-1)!;
  for (const c of clients) {
    await c.next((f) => f.type === "event" && (f.data as { id: string }).id === last);
    expect(delivered(c)).toEqual(truth);
  }
}

/**
 * A TCP relay to Redis that can cut the router off: `cut()` drops every relayed connection and
 * refuses new ones (as a network partition does), `restore()` relays again.
 */
async function redisRelay(
  target: URL,
): Promise<{ url: string; cut(): void; restore(): void; close(): void }> {
  const open = new Set<Socket>();
  let refusing = false;
  const server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(a);
      a.on("error", () => b.destroy());
      a.on("close", () => {
        open.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      refusing = true;
      for (const s of open) s.destroy();
    },
    restore() {
      refusing = false;
    },
    close() {
      server.close();
      for (const s of open) s.destroy();
    },
  };
}

describe("stream consumers resume without a gap", () => {
  it("every client gets every trade once, in order, while the workers' bus connections are killed", async () => {
    const prefix = testRedisPrefix("stream-resume-kill");
    sharedPrefixes.push(prefix);
    const router = await startRouter(TEST_REDIS_URL, prefix);
    const admin = new Redis(TEST_REDIS_URL);
    const clients = await subscribeClients(router.url, admin, prefix, 4);
    const bus = createRedisBus({ url: TEST_REDIS_URL, prefix });
    try {
      // one consumer per worker process (each has subscribers): both are killed at each round
      expect(await consumerConnectionIds(admin, prefix)).toHaveLength(2);
      let publishing = true;
      const published = publishTrades(bus, 300, 3).finally(() => {
        publishing = false;
      });
      let killed = 0;
      while (publishing) {
        await new Promise((r) => setTimeout(r, 60));
        for (const id of await consumerConnectionIds(admin, prefix)) {
          killed += Number(await admin.client("KILL", "ID", id));
        }
      }
      const confirmed = await published;
      expect(killed).toBeGreaterThanOrEqual(4);
      const truth = await tradesInStream(TEST_REDIS_URL, prefix);
      expect(truth).toEqual(confirmed); // no publish was lost or doubled on the way in
      await expectEveryTradeOnce(clients, truth);
      // Stopped right after the last kill, while a consumer may still be reconnecting: the
      // workers must still shut down cleanly (their bus reads end without a reply).
      for (const c of clients) c.ws.close();
      expect(await router.stop()).toBe(0);
    } finally {
      for (const c of clients) c.ws.close();
      await bus.close();
      admin.disconnect();
    }
  }, 120_000);

  it("every client gets every trade once, in order, across a restart of a persistent Redis", async () => {
    const prefix = testRedisPrefix("stream-resume-restart");
    const redis = await ownRedis({ dir: path.join(dir, "own"), prefix });
    ownServers.push(redis);
    const router = await startRouter(redis.url, prefix);
    const admin = new Redis(redis.url);
    admin.on("error", () => {}); // reconnects after the restart
    const clients = await subscribeClients(router.url, admin, prefix, 4);
    admin.disconnect();
    const bus = createRedisBus({ url: redis.url, prefix });
    try {
      let publishing = true;
      const published = publishTrades(bus, 200, 3).finally(() => {
        publishing = false;
      });
      await new Promise((r) => setTimeout(r, 250));
      await redis.restart();
      expect(publishing).toBe(true); // the restart fell among the publishes
      const confirmed = await published;
      const truth = await tradesInStream(redis.url, prefix);
      // the restart happened while trades were being published, on both sides of it
      expect(truth.length).toBeGreaterThan(0);
      expect(truth.at(-1)).toBe("t200");
      expect(confirmed.every((id) => truth.includes(id))).toBe(true);
      // A publish whose reply the restart cut off is sent again by the Redis client, so the
      // stream may hold that trade twice; clients still get every trade exactly once, in order.
      const published200 = Array.from({ length: 200 }, (_, i) => `t${i + 1}`);
      expect(new Set(truth)).toEqual(new Set(published200));
      await expectEveryTradeOnce(clients, [...new Set(truth)]);
      for (const c of clients) c.ws.close();
      expect(await router.stop()).toBe(0);
    } finally {
      for (const c of clients) c.ws.close();
      await bus.close();
    }
  }, 120_000);

  it("tells every client of a gap the bus could not fill, in its place, then goes on", async () => {
    const prefix = testRedisPrefix("stream-resume-gap");
    sharedPrefixes.push(prefix);
    const relay = await redisRelay(new URL(TEST_REDIS_URL));
    const router = await startRouter(relay.url, prefix);
    const admin = new Redis(TEST_REDIS_URL);
    const clients = await subscribeClients(router.url, admin, prefix, 4);
    // The ingest side keeps publishing while the router is cut off, to a stream trimmed to about
    // 10 entries: the trades after each consumer's position are gone when it reconnects.
    const trimming = createRedisBus({ url: TEST_REDIS_URL, prefix, maxLen: 10 });
    // after the cut, publishes keep the default retention: what was retained stays readable
    const bus = createRedisBus({ url: TEST_REDIS_URL, prefix });
    try {
      for (let seq = 1; seq <= 5; seq++) await publishMarketEvents(bus, [tradeEvent(MARKET, seq)]);
      for (const c of clients)
        await c.next((f) => f.type === "event" && (f.data as { id: string }).id === "t5");
      relay.cut();
      for (let seq = 6; seq <= 355; seq++) await publishMarketEvents(trimming, [tradeEvent(MARKET, seq)]);
      const retained = await tradesInStream(TEST_REDIS_URL, prefix);
      expect(retained).not.toContain("t6"); // the trim did pass the consumers' position
      relay.restore();
      for (let seq = 356; seq <= 360; seq++) await publishMarketEvents(bus, [tradeEvent(MARKET, seq)]);
      const expected = [
        "t1",
        "t2",
        "t3",
        "t4",
        "t5",
        "gap",
        ...retained,
        "t356",
        "t357",
        "t358",
        "t359",
        "t360",
      ];
      for (const c of clients) {
        await c.next((f) => f.type === "event" && (f.data as { id: string }).id === "t360");
        expect(delivered(c)).toEqual(expected);
        expect(c.frames.find((f) => f.type === "gap")).toEqual({
          type: "gap",
          id: "s",
          channel: "trades",
          chain: CHAIN,
        });
      }
      for (const c of clients) c.ws.close();
      expect(await router.stop()).toBe(0);
    } finally {
      for (const c of clients) c.ws.close();
      await Promise.all([bus.close(), trimming.close()]);
      admin.disconnect();
      relay.close();
    }
  }, 120_000);
});
