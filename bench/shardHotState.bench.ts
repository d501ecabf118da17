/**
 * A query shard following the market event bus: how soon a token page reflects a trade, and how
 * many token reads per second its memory answers. The devnet (anvil, the Uniswap contracts, the
 * market simulator), the EVM worker publishing on Redis, PostgreSQL, and one shard that owns
 * every key (a one-shard map) with its market event feed, all in this process.
 *
 * 1. Commit to answer: the simulator runs one step at a time; a poller on PostgreSQL sees the
 *    step's trades committed, another asks the shard for the trade's token page (its trade list)
 *    until it holds the trade. Printed: p50/p99/max of the difference (both
 *    pollers ask every millisecond, so figures are to a millisecond or two).
 * 2. Hot reads: the simulator and the worker stopped, BENCH_CONCURRENCY callers ask the shard for
 *    the token snapshot and price of every token in turn for BENCH_READ_S seconds. Printed: reads
 *    per second, p50/p99 of one read, and the statements the shard sent PostgreSQL meanwhile.
 * Env: BENCH_STEPS (default 30), BENCH_READ_S (default 5), BENCH_CONCURRENCY (default 32).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ChainId, createContext, createRedisBus, EVM_NATIVE, type QueryApi } from "@tapeline/core";
import { createTestDatabase, TEST_REDIS_URL, testRedisPrefix } from "@tapeline/core/testing";
import type pg from "pg";
import pino from "pino";
import { deleteRedisKeys } from "../services/core/src/testing/deleteRedisKeys.ts";
import { createDevnetClient } from "../services/ingest/src/devnet/createDevnetClient.ts";
import { createMarketSimulator } from "../services/ingest/src/devnet/createMarketSimulator.ts";
import { deployUniswap } from "../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../services/ingest/src/devnet/devnetEvmConfig.ts";
import { startAnvil } from "../services/ingest/src/devnet/startAnvil.ts";
import { startEvmChainWorker } from "../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../services/ingest/src/rpc/createRpcClient.ts";
import { registerChain } from "../services/ingest/src/service/registerChain.ts";
import { createQueryService } from "../services/query/src/createQueryService.ts";
import { startMarketEventFeed } from "../services/query/src/hot/startMarketEventFeed.ts";
import { createMarketProvider } from "../services/query/src/market/createMarketProvider.ts";

const STEPS = Number(process.env.BENCH_STEPS ?? 30);
const READ_S = Number(process.env.BENCH_READ_S ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
const ms = (v: number) => `${v.toFixed(1)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/** A pool that counts the statements sent through it. */
function countingPool(pool: pg.Pool): { pool: pg.Pool; count: () => number } {
  let n = 0;
  const counted = new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop === "query") {
        return (...args: unknown[]) => {
          n++;
          return (target.query as (...a: unknown[]) => unknown)(...args);
        };
      }
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { pool: counted, count: () => n };
}

const anvil = await startAnvil();
const client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
const deployment = await deployUniswap(client);
const chain = `evm:${deployment.chainId}` as ChainId;
const simulator = createMarketSimulator({ client, deployment, seed: 31 });
await simulator.runSimulatorSteps(10);
const db = await createTestDatabase();
const prefix = testRedisPrefix("bench-shard-hot");
const bus = createRedisBus({ url: TEST_REDIS_URL, prefix, logger: pino({ level: "silent" }) });
const ctx = createContext({ name: "bench-shard-hot", level: "silent" });
const dir = mkdtempSync(path.join(tmpdir(), "tl-bench-shard-hot-"));
const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }], { maxBlockRange: 5, finalityDepth: 512 });
const worker = startEvmChainWorker({
  cfg,
  rpc: createRpcClient({ endpoints: cfg.endpoints }),
  db: db.pool,
  bus,
});
try {
  await registerChain(db.pool, {
    chain,
    name: "devnet",
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
  const counting = countingPool(db.pool);
  const shard: QueryApi = (
    await createQueryService({ pool: counting.pool, ctx, providers: [createMarketProvider()], events: feed })
  ).api;
  const head = await client.getBlockNumber();
  while ((worker.checkpoint() ?? -1n) < head) await sleep(20);

  // 1. commit to answer
  const lags: number[] = [];
  let skipped = 0;
  for (let i = 0; i < STEPS; i++) {
    const before = await client.getBlockNumber();
    await simulator.runSimulatorSteps(1);
    const block = await client.getBlockNumber();
    if (block === before) {
      skipped++;
      continue;
    }
    let trade: { id: string; token: string } | null = null;
    let committedAt = 0;
    while (trade === null) {
      const { rows } = await db.pool.query<{ id: string; token: string }>(
        `select t.id, p.token_address as token from trades t join pools p on p.market = t.market
         where t.block > $1 and t.block <= $2 and p.token_address <> $3 limit 1`,
        [before.toString(), block.toString(), EVM_NATIVE],
      );
      const row = rows[0];
      if (row) {
        committedAt = performance.now();
        trade = { id: row.id, token: row.token };
      } else if ((worker.checkpoint() ?? -1n) >= block)
        break; // the step traded nothing priced here
      else await sleep(1);
    }
    if (trade === null) {
      skipped++;
      continue;
    }
    const ref = { chain, address: trade.token };
    for (;;) {
      const page = await shard.tokenTrades({ ...ref, limit: 20 });
      if (page.data.some((r) => r.id === trade.id)) break;
      await sleep(1);
    }
    lags.push(performance.now() - committedAt);
  }
  lags.sort((a, b) => a - b);

  // 2. hot reads
  await simulator.stop();
  await worker.stop();
  const tokens = (
    await db.pool.query<{ t: string }>(
      "select distinct token_address as t from pools where token_address <> $1",
      [EVM_NATIVE],
    )
  ).rows.map((r) => r.t);
  for (const t of tokens)
    await Promise.all([shard.tokenSnapshot({ chain, address: t }), shard.tokenPrice({ chain, address: t })]);
  const statements0 = counting.count();
  const took: number[] = [];
  const endAt = performance.now() + READ_S * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < endAt) {
        const address = tokens[next++ % tokens.length] as string;
        const t0 = performance.now();
        await (next % 2 === 0
          ? shard.tokenSnapshot({ chain, address })
          : shard.tokenPrice({ chain, address }));
        took.push(performance.now() - t0);
      }
    }),
  );
  const statements = counting.count() - statements0;
  took.sort((a, b) => a - b);

  console.log(`shard hot state (load average ${(await import("node:os")).loadavg()[0]?.toFixed(1)})`);
  console.log(
    `commit -> token page reflects the trade: ${lags.length} trades (${skipped} steps without one): p50 ${ms(pct(lags, 0.5))}, p99 ${ms(pct(lags, 0.99))}, max ${ms(lags.at(-1) ?? NaN)}`,
  );
  console.log(
    `hot token reads (snapshot and price, ${tokens.length} tokens, ${CONCURRENCY} callers, in process): ${Math.round(took.length / READ_S)} reads/s, p50 ${ms(pct(took, 0.5))}, p99 ${ms(pct(took, 0.99))}; ${statements} PostgreSQL statements over ${took.length} reads`,
  );
} finally {
  await simulator.stop();
  await worker.stop().catch(() => {});
  await ctx.shutdown.run("bench done");
  await bus.close();
  await deleteRedisKeys(prefix);
  await db.drop();
  await anvil.stop();
  rmSync(dir, { recursive: true, force: true });
}
