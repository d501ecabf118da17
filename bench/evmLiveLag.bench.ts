/**
 * Live lag of the EVM path as a user meets it: anvil with the Uniswap contracts, the EVM worker
 * (WebSocket newHeads, polling every `BENCH_POLL_MS` as a fallback, default 1,000) writing and
 * publishing on the Redis bus, a query shard following the bus (its hot pages dropped by the
 * trades' events) and the API over HTTP. For BENCH_BLOCKS blocks (default 20) of
 * BENCH_SWAPS_PER_BLOCK router swaps (default 200, over V2/V3/V4, sent to the mempool first, then
 * mined with `evm_mine`), lag = from `evm_mine` returning (the block is on the node) to the first
 * `GET /v1/pool/trades` answer, polled every 5 ms, holding a trade of that block for the pool of
 * its last swap. Prints p50 / p99 / max, the worker's stages per range (fetch from the node,
 * decode, write, publish), and the load average. Target: p99 < 300 ms. BENCH_WARMUP blocks
 * (default 3) run first, unmeasured.
 */

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { type ChainId, createContext, createRedisBus, serveHttp } from "@tapeline/core";
import { createTestDatabase, deleteRedisKeys, TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import pino from "pino";
import { createApp } from "../services/api/src/createApp.ts";
import { createEndpointLists } from "../services/api/src/endpointLists.ts";
import { createStaticKeyGate } from "../services/api/src/gates/createStaticKeyGate.ts";
import { shardReadiness } from "../services/api/src/http/shardReadiness.ts";
import { createInProcessShardClient } from "../services/api/src/shards/createInProcessShardClient.ts";
import { createDevnetClient } from "../services/ingest/src/devnet/createDevnetClient.ts";
import { deployUniswap } from "../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../services/ingest/src/devnet/devnetEvmConfig.ts";
import { startAnvil } from "../services/ingest/src/devnet/startAnvil.ts";
import { startEvmChainWorker } from "../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../services/ingest/src/rpc/createRpcClient.ts";
import { registerChain } from "../services/ingest/src/service/registerChain.ts";
import { createQueryService } from "../services/query/src/createQueryService.ts";
import { startMarketEventFeed } from "../services/query/src/hot/startMarketEventFeed.ts";
import { createMarketProvider } from "../services/query/src/market/createMarketProvider.ts";
import { fitSwapsPerBlock, recordDenseSwaps, sendSwapCalls } from "./denseSwapChain.ts";

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const PER_BLOCK = Number(process.env.BENCH_SWAPS_PER_BLOCK ?? 200);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 1000);
const KEY = "bench-live-lag";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const prefix = testRedisPrefix("bench-live-lag");
const ctx = createContext({ name: "bench", level: "silent" });
const dir = mkdtempSync(path.join(tmpdir(), "tapeline-live-lag-"));
const anvil = await startAnvil();
const db = await createTestDatabase();
const bus = createRedisBus({ url: TEST_REDIS_URL, prefix, logger: pino({ level: "silent" }) });
try {
  const client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  const deployment = await deployUniswap(client);
  const chain = `evm:${deployment.chainId}` as ChainId;
  await registerChain(db.pool, {
    chain,
    name: "Devnet",
    slug: "devnet",
    family: "evm",
    nativeSymbol: "ETH",
    nativeDecimals: 18,
    finalityDepth: 512,
  });
  const mapPath = path.join(dir, "shardmap.json");
  writeFileSync(
    mapPath,
    JSON.stringify({
      version: 1,
      partitions: 4096,
      shards: [{ name: "shard-0", url: "http://127.0.0.1:1" }],
    }),
  );
  const feed = await startMarketEventFeed({
    bus,
    pool: db.pool,
    ctx,
    shardName: "shard-0",
    mapPath,
    pollMs: 200,
    hotTtlMs: 5000,
  });
  ctx.shutdown.add("feed", () => feed.close());
  while (!feed.chains().includes(chain)) await sleep(20);
  const service = await createQueryService({
    pool: db.pool,
    ctx,
    providers: [createMarketProvider()],
    events: feed,
  });
  ctx.shutdown.add("query", () => service.close());
  const shards = createInProcessShardClient(service.api);
  const gate = createStaticKeyGate([KEY]);
  const app = createApp({
    endpoints: createEndpointLists({ ctx, gate }),
    shards,
    gate,
    ctx,
    readiness: shardReadiness(shards),
  });
  const { server } = await serveHttp(app, { host: "127.0.0.1", port: 0, ctx, name: "api", graceMs: 100 });
  const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const stages = { fetch: 0, decode: 0, write: 0, publish: 0 };
  const perRange: (typeof stages)[] = [];
  const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl, wsUrl: anvil.wsUrl }], {
    pollIntervalMs: POLL_MS,
  });
  const worker = startEvmChainWorker({
    cfg,
    rpc: createRpcClient({ endpoints: cfg.endpoints }),
    db: db.pool,
    bus,
    onStage(stage, ms) {
      stages[stage] += ms;
    },
    onEvent(e) {
      if (e.type !== "range") return;
      perRange.push({ ...stages });
      for (const k of Object.keys(stages) as (keyof typeof stages)[]) stages[k] = 0;
    },
  });

  const calls = await recordDenseSwaps(client, deployment, { count: (WARMUP + BLOCKS) * PER_BLOCK });
  // the pool of the block's last V2/V3 swap (recordDenseSwaps cycles the devnet's pools in order)
  const pools = deployment.pools;
  const lastPoolBefore = (end: number) => {
    let i = end - 1;
    while (pools[i % pools.length]!.venue === "UNISWAP_V4") i--;
    return pools[i % pools.length]!.id.toLowerCase();
  };
  await client.setAutomine(false);
  await fitSwapsPerBlock(anvil.rpcUrl, PER_BLOCK);
  let nonce = await client.getTransactionCount({ address: deployment.deployer, blockTag: "pending" });
  while ((worker.checkpoint() ?? -1n) < (await client.getBlockNumber())) await sleep(20);

  const lags: number[] = [];
  const rangesBefore = { n: 0 };
  for (let b = 0; b < WARMUP + BLOCKS; b++) {
    const block = calls.slice(b * PER_BLOCK, (b + 1) * PER_BLOCK);
    await sendSwapCalls(anvil.rpcUrl, deployment.deployer, block, nonce);
    nonce += block.length;
    await client.mine({ blocks: 1 });
    const mined = performance.now();
    const number = Number(await client.getBlockNumber());
    const pool = lastPoolBefore((b + 1) * PER_BLOCK);
    const deadline = mined + 10_000;
    let seen: number | null = null;
    while (performance.now() < deadline) {
      const res = await fetch(`${api}/v1/pool/trades?chain=${chain}&address=${pool}&limit=1`, {
        headers: { authorization: KEY },
      });
      const body = (await res.json()) as { data?: { block: number }[] };
      if ((body.data?.[0]?.block ?? 0) >= number) {
        seen = performance.now();
        break;
      }
      await sleep(5);
    }
    if (b === WARMUP - 1) rangesBefore.n = perRange.length;
    if (b < WARMUP) continue;
    if (seen === null) throw new Error(`block ${number}: no trade served within 10 s`);
    lags.push(seen - mined);
  }
  await worker.stop();

  lags.sort((a, b) => a - b);
  const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? Number.NaN;
  console.log(
    `${lags.length} blocks of ${PER_BLOCK} swaps; block mined -> trade served by GET /v1/pool/trades: ` +
      `p50 ${q(lags, 0.5).toFixed(0)} ms, p99 ${q(lags, 0.99).toFixed(0)} ms, max ${(lags.at(-1) ?? 0).toFixed(0)} ms ` +
      "(target p99 < 300 ms)",
  );
  const measured = perRange.slice(rangesBefore.n);
  const spread = (k: keyof typeof stages) => {
    const xs = measured.map((r) => r[k]).sort((a, b) => a - b);
    return `${k} p50 ${q(xs, 0.5).toFixed(0)} / p99 ${q(xs, 0.99).toFixed(0)} ms`;
  };
  console.log(
    `worker, ${measured.length} ranges: ${(["fetch", "decode", "write", "publish"] as const).map(spread).join(", ")}`,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await ctx.shutdown.run("bench done");
  await bus.close();
  await deleteRedisKeys(prefix);
  await db.drop();
  await anvil.stop();
  rmSync(dir, { recursive: true, force: true });
}
