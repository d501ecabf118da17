/**
 * Market read API under load: one million valid trades loaded through the ingest writer (100
 * tokens, one pool each, 30 days), then autocannon at concurrency 64 against the HTTP API
 * (createApp, in-process shard client, market queries over Postgres):
 *   GET /v1/token, GET /v1/pool/ohlcv (limit 2000, 1m), GET /v1/pool/trades (limit 500).
 * Prints requests/s and latency percentiles. Env: BENCH_TRADES (default 1000000),
 * BENCH_DURATION_S (default 10).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import {
  type ChainId,
  formatUnits,
  type PoolRecord,
  type TokenRecord,
  type TradeRecord,
} from "@tapeline/core";
import { createTestDatabase } from "@tapeline/core/testing";
import { writeBatch } from "@tapeline/ingest";
import { prng } from "../services/query/src/market/testing/buildMarketFixture.ts";
import { startMarketApi } from "../test/conformance/startMarketApi.ts";

const run = promisify(execFile);
const TRADES = Number(process.env.BENCH_TRADES ?? 1_000_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CHAIN: ChainId = "evm:31337";
const POOLS = 100;
const BATCH = 5000;
const WETH = "0x00000000000000000000000000000000000000e1";
const E18 = 10n ** 18n;
const hex = (n: number, width = 40) => `0x${n.toString(16).padStart(width, "0")}`;
const tokenOf = (i: number) => hex(0x100000 + i);
const poolOf = (i: number) => hex(0x200000 + i);

const db = await createTestDatabase();
try {
  const now = Date.now();
  const start = now - 30 * 86_400_000;
  const step = (now - start) / (TRADES / POOLS);
  const tokens: TokenRecord[] = [
    { chain: CHAIN, address: WETH, name: "Wrapped Ether", symbol: "WETH", decimals: 18, totalSupply: null },
    ...Array.from({ length: POOLS }, (_, i) => ({
      chain: CHAIN,
      address: tokenOf(i),
      name: `Token ${i}`,
      symbol: `T${i}`,
      decimals: 18,
      totalSupply: 1_000_000_000n * E18,
    })),
  ];
  const pools: PoolRecord[] = Array.from({ length: POOLS }, (_, i) => ({
    chain: CHAIN,
    address: poolOf(i),
    venueType: "UNISWAP_V2",
    factory: hex(0xfa),
    token0: tokenOf(i),
    token1: WETH,
    tokenAddress: tokenOf(i),
    quoteAddress: WETH,
    priceNative: "0.000001",
    liquidityNative: "100",
    createdAt: start,
    createdBlock: 1n,
    updatedBlock: 1n,
  }));
  const rnd = prng(3);
  const price = new Array<number>(POOLS).fill(0.000001);
  const loadStarted = Date.now();
  let written = 0;
  let block = 1;
  while (written < TRADES) {
    const trades: TradeRecord[] = [];
    const n = Math.min(BATCH, TRADES - written);
    for (let k = 0; k < n; k++) {
      const seq = written + k;
      const p = seq % POOLS;
      const at = Math.floor(start + Math.floor(seq / POOLS) * step);
      block = 1 + Math.floor((at - start) / 2000);
      price[p] = (price[p] as number) * (1 + (rnd() - 0.5) * 0.02);
      const priceStr = (price[p] as number).toFixed(15);
      const amountToken = BigInt(1 + Math.floor(rnd() * 1_000_000)) * E18;
      const amountQuote = (amountToken * BigInt(priceStr.replace(".", ""))) / 10n ** 15n;
      const txHash = hex(seq, 64);
      trades.push({
        chain: CHAIN,
        pool: poolOf(p),
        id: `${txHash}:0`,
        txHash,
        block: BigInt(block),
        logIndex: 0,
        at,
        maker: hex(1 + Math.floor(rnd() * 5000)),
        isBuy: rnd() < 0.5,
        tokenAddress: tokenOf(p),
        quoteAddress: WETH,
        amountToken,
        amountQuote,
        priceQuote: priceStr,
        priceNative: priceStr,
        volumeNative: formatUnits(amountQuote, 18),
        feesNative: "0.00002",
        isWash: null,
        preconfirmed: false,
        router: null,
      });
    }
    await writeBatch(db.pool, {
      chain: CHAIN,
      blocks: [],
      trades,
      pools: written === 0 ? pools : [],
      tokens: written === 0 ? tokens : [],
      nativePrices:
        written === 0
          ? [{ minute: Math.floor(now / 60_000) * 60_000, priceUsd: "3000", source: "bench" }]
          : [],
    });
    written += n;
  }
  await db.pool.query("analyze");
  console.log(
    `loaded ${written} trades through the writer in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s`,
  );

  const api = await startMarketApi(db.pool);
  try {
    const targets: [string, string][] = [
      ["GET /v1/token", `/v1/token?chain=${CHAIN}&address=${tokenOf(7)}`],
      [
        "GET /v1/pool/ohlcv limit=2000 1m",
        `/v1/pool/ohlcv?chain=${CHAIN}&address=${poolOf(7)}&interval=1m&limit=2000`,
      ],
      ["GET /v1/pool/trades limit=500", `/v1/pool/trades?chain=${CHAIN}&address=${poolOf(7)}&limit=500`],
    ];
    for (const [name, path] of targets) {
      const check = await fetch(`${api.url}${path}`);
      if (check.status !== 200) throw new Error(`${name} answered ${check.status}: ${await check.text()}`);
      // autocannon runs in its own process so the load generator does not share the server's event loop.
      const { stdout } = await run(
        process.execPath,
        [autocannonCli(), "-c", "64", "-d", String(DURATION_S), "-j", `${api.url}${path}`],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      const r = JSON.parse(stdout) as {
        requests: { average: number; total: number };
        latency: { p50: number; p90: number; p99: number; max: number };
        non2xx: number;
        errors: number;
      };
      console.log(
        `${name}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, ${r.requests.total} requests, non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
    }
  } finally {
    await api.close();
  }
} finally {
  await db.drop();
}

function autocannonCli(): string {
  return new URL("../node_modules/autocannon/autocannon.js", import.meta.url).pathname;
}
