/**
 * Stream fan-out: BENCH_SUBSCRIBERS WebSocket clients (default 10,000), each subscribed to the
 * trades of one of BENCH_POOLS markets (default 1,000), while trades are published on the Redis
 * bus at BENCH_RATE per second (default 2,000) for BENCH_SECONDS (default 10). Prints the
 * delivery latency from publish (after the commit, where the ingest publishes) to the client's
 * message handler (p50/p99/max), frames delivered, and the memory per idle connection (RSS and
 * heap growth over opening the connections, divided by their number; client and server run in
 * this one process, so both ends are counted). The gate is open: billing is measured by the gate
 * bench. Print `uptime` beside the figures: the machine is shared. Each subscriber takes two file
 * descriptors here (client and server end): keep BENCH_SUBSCRIBERS under half of `ulimit -n`.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
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
const CHAIN: ChainId = "evm:31337";
const pool = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;

const prefix = testRedisPrefix("bench-fanout");
const ctx = createContext({ name: "bench", level: "silent" });
const db = await createTestDatabase();
const bus = createRedisBus({ url: TEST_REDIS_URL, prefix });
const service = await createQueryService({ pool: db.pool, ctx, providers: queryProviders });
const hub = createStreamHub({ bus, shards: createInProcessShardClient(service.api), logger: ctx.logger });
const server = createServer((_req, res) => res.writeHead(404).end());
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const streams = attachStreamServer({
  server,
  hub,
  gate: openGate,
  ctx,
  limits: { connectionsPerKey: SUBSCRIBERS + 1 },
});
const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1/stream`;

const latencies: number[] = [];
let frames = 0;
const sockets: WebSocket[] = [];
global.gc?.();
const before = process.memoryUsage();
for (let i = 0; i < SUBSCRIBERS; i += 50) {
  await Promise.all(
    Array.from({ length: Math.min(50, SUBSCRIBERS - i) }, async (_, j) => {
      const n = i + j;
      const ws = new WebSocket(url, { perMessageDeflate: false });
      await new Promise<void>((resolve, reject) => {
        ws.once("open", () => resolve());
        ws.once("error", reject);
      });
      const acked = new Promise<void>((resolve) => {
        ws.on("message", (data) => {
          const text = data.toString();
          if (text.startsWith('{"type":"event"')) {
            frames++;
            const m = /"id":"p(\d+\.\d+)-/.exec(text.slice(text.indexOf('"data"')));
            if (m) latencies.push(performance.now() - Number(m[1]));
          } else if (text.includes('"type":"ack"')) resolve();
        });
      });
      ws.send(JSON.stringify({ type: "auth", key: "bench" }));
      ws.send(
        JSON.stringify({
          type: "subscribe",
          id: "s",
          channel: "trades",
          params: { chain: CHAIN, pool: pool(n % POOLS) },
        }),
      );
      await acked;
      sockets.push(ws);
    }),
  );
}
global.gc?.();
const after = process.memoryUsage();

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
  const now = performance.now();
  sent.push(
    publishMarketEvents(
      bus,
      Array.from({ length: perTick }, () => trade(pool((published++ * 7919) % POOLS), now)),
    ),
  );
  const next = start + (published / perTick) * tickMs;
  await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
}
await Promise.all(sent);
const expected = published * (SUBSCRIBERS / POOLS);
const waitEnd = performance.now() + 10_000;
while (frames < expected && performance.now() < waitEnd) await new Promise((r) => setTimeout(r, 50));

latencies.sort((a, b) => a - b);
const q = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]?.toFixed(1);
console.log(
  JSON.stringify({
    subscribers: SUBSCRIBERS,
    pools: POOLS,
    publishedPerSecond: Math.round(published / ((performance.now() - start) / 1000 || 1)),
    tradesPublished: published,
    framesDelivered: frames,
    framesExpected: Math.round(expected),
    latencyMs: { p50: q(0.5), p99: q(0.99), max: latencies.at(-1)?.toFixed(1) },
    perIdleConnectionBytes: {
      rss: Math.round((after.rss - before.rss) / SUBSCRIBERS),
      heap: Math.round((after.heapUsed - before.heapUsed) / SUBSCRIBERS),
    },
  }),
);
for (const ws of sockets) ws.terminate();
await streams.close();
await hub.close();
server.close();
await service.close();
await bus.close();
await deleteRedisKeys(prefix);
await db.drop();
