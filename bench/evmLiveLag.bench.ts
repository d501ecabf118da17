/**
 * Live lag of the EVM worker on the devnet: anvil mining a block every second while the market
 * simulator trades, the worker following with WebSocket newHeads (and polling as a fallback).
 * For every block, lag = when the worker's checkpoint covered it − when a separate newHeads
 * subscriber saw it. Prints p50 / p95 / max in ms and in blocks. Target: under one block.
 * Env: BENCH_SECONDS (default 20).
 */
import { createTestDatabase } from "@tapeline/core/testing";
import { createDevnetClient } from "../services/ingest/src/devnet/createDevnetClient.ts";
import { createMarketSimulator } from "../services/ingest/src/devnet/createMarketSimulator.ts";
import { deployUniswap } from "../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../services/ingest/src/devnet/devnetEvmConfig.ts";
import { startAnvil } from "../services/ingest/src/devnet/startAnvil.ts";
import { startEvmChainWorker } from "../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../services/ingest/src/rpc/createRpcClient.ts";
import { subscribeNewHeads } from "../services/ingest/src/rpc/subscribeNewHeads.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BLOCK_MS = 1000;

const anvil = await startAnvil();
const db = await createTestDatabase();
try {
  const client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  const deployment = await deployUniswap(client);
  const sim = createMarketSimulator({ client, deployment, seed: 3, paceMs: 100, concurrency: 4 });
  await sim.runSimulatorSteps(10);
  await client.setAutomine(false);
  await client.setIntervalMining({ interval: BLOCK_MS / 1000 });

  const seen = new Map<bigint, number>();
  const unwatch = subscribeNewHeads(anvil.wsUrl, (n) => seen.set(n, performance.now()));

  const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl, wsUrl: anvil.wsUrl }], {
    pollIntervalMs: 250,
  });
  const indexedAt = new Map<bigint, number>();
  let swaps = 0;
  const worker = startEvmChainWorker({
    cfg,
    rpc: createRpcClient({ endpoints: cfg.endpoints }),
    db: db.pool,
    onEvent: (e) => {
      if (e.type !== "range") return;
      const now = performance.now();
      swaps += e.swaps;
      for (let n = e.from; n <= e.to; n++) indexedAt.set(n, now);
    },
  });
  // catch up on the seeded history first, then measure the live tail only
  const caughtUp = await client.getBlockNumber();
  while ((worker.checkpoint() ?? 0n) < caughtUp) await new Promise((r) => setTimeout(r, 50));
  const startBlock = caughtUp + 1n;
  sim.start();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  await sim.stop();
  await new Promise((r) => setTimeout(r, 2 * BLOCK_MS));
  await worker.stop();
  unwatch();

  const lags: number[] = [];
  for (const [n, t] of seen) {
    const done = indexedAt.get(n);
    if (n >= startBlock && done !== undefined) lags.push(Math.max(0, done - t));
  }
  lags.sort((a, b) => a - b);
  const q = (p: number) => lags[Math.min(lags.length - 1, Math.floor(p * lags.length))] ?? Number.NaN;
  const fmt = (ms: number) => `${ms.toFixed(0)} ms (${(ms / BLOCK_MS).toFixed(2)} blocks)`;
  console.log(`blocks measured: ${lags.length}, swaps ingested live: ${swaps}, block time ${BLOCK_MS} ms`);
  console.log(`live lag p50 ${fmt(q(0.5))}, p95 ${fmt(q(0.95))}, max ${fmt(lags.at(-1) ?? Number.NaN)}`);
} finally {
  await db.drop();
  await anvil.stop();
}
