/**
 * Stream fan-out: BENCH_SUBSCRIBERS WebSocket clients (default 10,000), each subscribed to the
 * trades of one of BENCH_POOLS markets (default 1,000), while trades are published on the Redis
 * bus at BENCH_RATE per second (default 2,000) for BENCH_SECONDS (default 10). Prints the
 * delivery latency from publish (after the commit, where the ingest publishes) to the client's
 * message handler (p50/p99/max), frames delivered, and the memory per idle connection (RSS and
 * heap growth over opening the connections, divided by their number, on each side). The gate is
 * open: billing is measured by the gate bench. Print `uptime` beside the figures: the machine is
 * shared.
 *
 * The clients run in a child process (this file with FANOUT_BENCH_CLIENTS=1), so each side holds
 * one file descriptor per subscriber (keep BENCH_SUBSCRIBERS under `ulimit -n`). They connect in
 * waves of BENCH_WAVE (default 250), each wave authenticated and acknowledged before the next: a
 * burst of thousands of handshakes at once overflows the accept queue and resets connections.
 * The server listens with a backlog of BENCH_BACKLOG (default 4096; the kernel caps it at
 * net.core.somaxconn). Latency is taken against the wall clock (`performance.timeOrigin` +
 * `performance.now()`), shared by both processes.
 */
import { fork } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import {
  type ChainId,
  createContext,
  createRedisBus,
  type MarketEvent,
  marketKey,
  publishMarketEvents,
} from "@tapeline/core";
import { createTestDatabase, TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import { WebSocket } from "ws";
import { openGate } from "../services/api/src/gate.ts";
import { createInProcessShardClient } from "../services/api/src/shards/createInProcessShardClient.ts";
import { attachStreamServer } from "../services/api/src/streams/attachStreamServer.ts";
import { createStreamHub } from "../services/api/src/streams/createStreamHub.ts";
import { deleteRedisKeys } from "../services/core/src/testing/deleteRedisKeys.ts";
import { createQueryService } from "../services/query/src/createQueryService.ts";
import { queryProviders } from "../services/query/src/queryProviders.ts";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const POOLS = Number(process.env.BENCH_POOLS ?? 1_000);
const RATE = Number(process.env.BENCH_RATE ?? 2_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WAVE = Number(process.env.BENCH_WAVE ?? 250);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 4096);
const CHAIN: ChainId = "evm:31337";
const pool = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;
/** Wall-clock ms with sub-ms precision, comparable across processes. */
const wallNow = () => performance.timeOrigin + performance.now();

type Memory = { rss: number; heap: number };
type ClientsReady = { type: "ready"; perConnection: Memory; retries: number };
type PublisherReport = { published: number; publishedPerSecond: number };
type ClientsReport = {
  type: "report";
  frames: number;
  latencyMs: { p50: number; p99: number; max: number };
};

const memory = (): Memory => {
  global.gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
};
const perConnection = (before: Memory, after: Memory, n: number): Memory => ({
  rss: Math.round((after.rss - before.rss) / n),
  heap: Math.round((after.heap - before.heap) / n),
});

/** The client side: opens the subscribers in waves, then records each frame's latency. */
async function runClients(url: string): Promise<void> {
  const latencies: number[] = [];
  let frames = 0;
  let retries = 0;
  const sockets: WebSocket[] = [];
  const before = memory();

  /** One subscriber, authenticated and acknowledged; a reset handshake is tried again. */
  async function open(n: number): Promise<WebSocket> {
    for (let attempt = 0; ; attempt++) {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      try {
        await new Promise<void>((resolve, reject) => {
          ws.once("error", reject);
          ws.once("close", () => reject(new Error("closed before its ack")));
          ws.on("message", (data) => {
            const text = data.toString();
            if (text.startsWith('{"type":"event"')) {
              frames++;
              const m = /"id":"p(\d+\.\d+)-/.exec(text.slice(text.indexOf('"data"')));
              if (m) latencies.push(wallNow() - Number(m[1]));
            } else if (text.includes('"type":"ack"')) resolve();
          });
          ws.once("open", () => {
            ws.send(JSON.stringify({ type: "auth", key: "bench" }));
            ws.send(
              JSON.stringify({
                type: "subscribe",
                id: "s",
                channel: "trades",
                params: { chain: CHAIN, pool: pool(n % POOLS) },
              }),
            );
          });
        });
        ws.removeAllListeners("error");
        ws.removeAllListeners("close");
        ws.on("error", () => {});
        return ws;
      } catch (err) {
        ws.terminate();
        if (attempt >= 5) throw err;
        retries++;
        await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
      }
    }
  }

  for (let i = 0; i < SUBSCRIBERS; i += WAVE) {
    const wave = Array.from({ length: Math.min(WAVE, SUBSCRIBERS - i) }, (_, j) => open(i + j));
    sockets.push(...(await Promise.all(wave)));
  }
  process.send?.({
    type: "ready",
    perConnection: perConnection(before, memory(), SUBSCRIBERS),
    retries,
  } satisfies ClientsReady);

  process.on("message", (msg: { type: string; expected?: number }) => {
    if (msg.type !== "report") return;
    void (async () => {
      const waitEnd = performance.now() + 10_000;
      while (frames < (msg.expected ?? 0) && performance.now() < waitEnd)
        await new Promise((r) => setTimeout(r, 50));
      latencies.sort((a, b) => a - b);
      const q = (p: number) =>
        Number(
          (latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN).toFixed(1),
        );
      process.send?.({
        type: "report",
        frames,
        latencyMs: { p50: q(0.5), p99: q(0.99), max: Number((latencies.at(-1) ?? NaN).toFixed(1)) },
      } satisfies ClientsReport);
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    })();
  });
}

/**
 * The publisher: trades on the Redis bus at RATE for SECONDS, from its own process so the rate
 * holds whatever the server's load.
 */
async function runPublisher(prefix: string): Promise<void> {
  const bus = createRedisBus({ url: TEST_REDIS_URL, prefix });
  let seq = 0;
  const trade = (p: string, at: number): MarketEvent => ({
    type: "trade",
    chain: CHAIN,
    market: marketKey(CHAIN, p),
    pool: p,
    token: `0x${"22".repeat(20)}`,
    trade: {
      id: `p${at.toFixed(3)}-${++seq}`,
      at: Date.now(),
      maker: `0x${"44".repeat(20)}`,
      isBuy: true,
      amountToken: 1,
      amountQuote: 1,
      quoteToken: { address: `0x${"00".repeat(20)}`, symbol: "ETH", name: "Ether", decimals: 18 },
      priceNative: 0.001,
      priceUsd: 3.1,
      volumeNative: 0.001,
      volumeUsd: 3.1,
      feesNative: 0.00001,
      isProTrader: null,
      isSniper: null,
      isWash: null,
      preconfirmed: false,
      txHash: `0x${seq.toString(16).padStart(64, "0")}`,
      block: seq,
      logIndex: 0,
      poolAddress: p,
    },
  });

  // Publish in 10 ms ticks; each event carries its publish time in its id.
  const tickMs = 10;
  const perTick = Math.max(1, Math.round((RATE * tickMs) / 1000));
  const start = performance.now();
  let published = 0;
  // Publishes are not awaited one by one (the adapter keeps their order), so the rate does not
  // depend on Redis's round trip.
  const sent: Promise<string[]>[] = [];
  while (performance.now() - start < SECONDS * 1000) {
    const now = wallNow();
    sent.push(
      publishMarketEvents(
        bus,
        Array.from({ length: perTick }, () => trade(pool((published++ * 7919) % POOLS), now)),
      ),
    );
    const nextTick = start + (published / perTick) * tickMs;
    await new Promise((r) => setTimeout(r, Math.max(0, nextTick - performance.now())));
  }
  await Promise.all(sent);
  const publishedPerSecond = Math.round(published / ((performance.now() - start) / 1000 || 1));
  process.send?.({ published, publishedPerSecond } satisfies PublisherReport);
  await bus.close();
  process.exit(0);
}

async function runServer(): Promise<void> {
  const prefix = testRedisPrefix("bench-fanout");
  const ctx = createContext({ name: "bench", level: "silent" });
  const db = await createTestDatabase();
  const bus = createRedisBus({ url: TEST_REDIS_URL, prefix });
  const service = await createQueryService({ pool: db.pool, ctx, providers: queryProviders });
  const hub = createStreamHub({ bus, shards: createInProcessShardClient(service.api), logger: ctx.logger });
  const server = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((r) => server.listen({ port: 0, host: "127.0.0.1", backlog: BACKLOG }, r));
  const streams = attachStreamServer({
    server,
    hub,
    gate: openGate,
    ctx,
    limits: { connectionsPerKey: SUBSCRIBERS + 1 },
  });
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1/stream`;

  const before = memory();
  const openedAt = performance.now();
  const child = fork(fileURLToPath(import.meta.url), [url], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: { ...process.env, FANOUT_BENCH_CLIENTS: "1" },
  });
  const next = <T>() => new Promise<T>((resolve) => child.once("message", (m) => resolve(m as T)));
  const ready = await next<ClientsReady>();
  const openSeconds = (performance.now() - openedAt) / 1000;
  const serverPerConnection = perConnection(before, memory(), SUBSCRIBERS);

  const publisher = fork(fileURLToPath(import.meta.url), [prefix], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, FANOUT_BENCH_PUBLISHER: "1" },
  });
  const { published, publishedPerSecond } = await new Promise<PublisherReport>((resolve) =>
    publisher.once("message", (m) => resolve(m as PublisherReport)),
  );
  const expected = Math.round(published * (SUBSCRIBERS / POOLS));
  const done = next<ClientsReport>();
  child.send({ type: "report", expected });
  const report = await done;

  console.log(
    JSON.stringify({
      subscribers: SUBSCRIBERS,
      pools: POOLS,
      connectWaves: { size: WAVE, seconds: Number(openSeconds.toFixed(1)), retries: ready.retries },
      publishedPerSecond,
      tradesPublished: published,
      framesDelivered: report.frames,
      framesExpected: expected,
      latencyMs: report.latencyMs,
      perIdleConnectionBytes: { server: serverPerConnection, client: ready.perConnection },
    }),
  );
  await streams.close();
  await hub.close();
  server.close();
  await service.close();
  await bus.close();
  await deleteRedisKeys(prefix);
  await db.drop();
}

if (process.env.FANOUT_BENCH_CLIENTS === "1") await runClients(process.argv[2]!);
else if (process.env.FANOUT_BENCH_PUBLISHER === "1") await runPublisher(process.argv[2]!);
else await runServer();
