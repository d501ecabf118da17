import { divToDecimal } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, erc20Abi, parseAbiItem } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import { createMarketSimulator } from "../../services/ingest/src/devnet/createMarketSimulator.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import {
  type EvmChainWorker,
  startEvmChainWorker,
} from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { prng } from "../../services/query/src/market/testing/buildMarketFixture.ts";
import {
  type RefCandle,
  type RefSwap,
  referenceCandles,
} from "../../services/query/src/market/testing/referenceCandles.ts";
import { startMarketApi } from "./startMarketApi.ts";

/**
 * Candles of the API equal candles recomputed here from the devnet's raw Swap logs: a Uniswap
 * V2/V3/V4 market simulated over about six weeks (days apart, then minutes apart), ingested by the
 * EVM worker into a fresh database, then every market quoted in WETH or ETH walked page by page
 * (small limits, so pages break inside the history) for 1m, 5m, 1h, 1w and 1M, fill on and off.
 * Expected candles come from eth_getLogs (pool creations and swaps), block timestamps and the
 * tokens' decimals read by eth_call, priced by the contract's rules: the execution price
 * (quote per token, whole units), buckets by block time, each candle opening at the previous close.
 */

const PAIR_CREATED = parseAbiItem(
  "event PairCreated(address indexed token0, address indexed token1, address pair, uint256 index)",
);
const POOL_CREATED = parseAbiItem(
  "event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)",
);
const V4_INITIALIZE = parseAbiItem(
  "event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)",
);
const V2_SWAP = parseAbiItem(
  "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
);
const V3_SWAP = parseAbiItem(
  "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
);
const V4_SWAP = parseAbiItem(
  "event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)",
);

const NATIVE = "0x0000000000000000000000000000000000000000";
const DAY_S = 86_400;
const CHUNKS = 40;
const STEPS_PER_CHUNK = 5;

type Venue = "UNISWAP_V2" | "UNISWAP_V3" | "UNISWAP_V4";
/** A market as its creation log tells it: pool (address or V4 pool id) and its two tokens. */
type ChainMarket = { venue: Venue; pool: string; token0: string; token1: string };

let anvil: AnvilHandle;
let client: DevnetClient;
let deployment: DevnetDeployment;
let db: TestDatabase;
let api: Awaited<ReturnType<typeof startMarketApi>>;
let chain: string;
/** WETH- or ETH-quoted markets with their swaps, as recomputed from the logs. */
let markets: { market: ChainMarket; swaps: RefSwap[] }[] = [];
/** endTime of every walk's first page: a while after the last swap, so the tail is filled too. */
let endS: number;

/** Waits (no time assertion) until the worker's checkpoint reaches `block`, or it stops. */
async function until(worker: EvmChainWorker, block: bigint): Promise<void> {
  for (;;) {
    const cp = worker.checkpoint();
    if (cp !== null && cp >= block) return;
    const stopped = await Promise.race([
      worker.done.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 25)),
    ]);
    if (stopped) throw new Error("worker stopped before reaching the head");
  }
}

const lower = (a: string) => a.toLowerCase();
const abs = (v: bigint) => (v < 0n ? -v : v);

/** Every pool the three venues created, read from their creation logs. */
async function chainMarkets(to: bigint): Promise<ChainMarket[]> {
  const c = deployment.contracts;
  const range = { fromBlock: deployment.startBlock, toBlock: to };
  const [v2, v3, v4] = await Promise.all([
    client.getLogs({ address: c.uniswapV2Factory, event: PAIR_CREATED, ...range }),
    client.getLogs({ address: c.uniswapV3Factory, event: POOL_CREATED, ...range }),
    client.getLogs({ address: c.uniswapV4PoolManager, event: V4_INITIALIZE, ...range }),
  ]);
  return [
    ...v2.map((l) => ({
      venue: "UNISWAP_V2" as const,
      pool: lower(l.args.pair as string),
      token0: lower(l.args.token0 as string),
      token1: lower(l.args.token1 as string),
    })),
    ...v3.map((l) => ({
      venue: "UNISWAP_V3" as const,
      pool: lower(l.args.pool as string),
      token0: lower(l.args.token0 as string),
      token1: lower(l.args.token1 as string),
    })),
    ...v4.map((l) => ({
      venue: "UNISWAP_V4" as const,
      pool: lower(l.args.id as string),
      token0: lower(l.args.currency0 as string),
      token1: lower(l.args.currency1 as string),
    })),
  ];
}

/**
 * The contract's quote side: a USD stablecoin first, then the native coin or its wrapped form.
 * Only markets quoted in WETH or ETH are kept (their native price is the execution price itself).
 */
function nativeQuoted(m: ChainMarket): { token: string; quote: string } | null {
  const stable = [lower(deployment.usdc)];
  const nativeLike = (a: string) => a === NATIVE || a === lower(deployment.weth);
  if (stable.includes(m.token0) || stable.includes(m.token1)) return null;
  if (nativeLike(m.token0) === nativeLike(m.token1)) return null;
  return nativeLike(m.token1) ? { token: m.token0, quote: m.token1 } : { token: m.token1, quote: m.token0 };
}

async function decimalsOf(token: string): Promise<number> {
  if (token === NATIVE) return 18;
  return client.readContract({ address: token as Address, abi: erc20Abi, functionName: "decimals" });
}

/** Swaps of the given markets from the raw logs: pool balance changes, block time, order key. */
async function chainSwaps(
  list: { market: ChainMarket; token: string; quote: string }[],
  to: bigint,
): Promise<Map<string, RefSwap[]>> {
  const range = { fromBlock: deployment.startBlock, toBlock: to };
  const byPool = new Map(list.map((m) => [m.market.pool, m]));
  const v2 = list.filter((m) => m.market.venue === "UNISWAP_V2").map((m) => m.market.pool as Address);
  const v3 = list.filter((m) => m.market.venue === "UNISWAP_V3").map((m) => m.market.pool as Address);
  const [v2Logs, v3Logs, v4Logs] = await Promise.all([
    v2.length > 0 ? client.getLogs({ address: v2, event: V2_SWAP, ...range }) : [],
    v3.length > 0 ? client.getLogs({ address: v3, event: V3_SWAP, ...range }) : [],
    client.getLogs({ address: deployment.contracts.uniswapV4PoolManager, event: V4_SWAP, ...range }),
  ]);
  type Raw = { pool: string; block: bigint; logIndex: number; txHash: string; d0: bigint; d1: bigint };
  const raws: Raw[] = [
    ...v2Logs.map((l) => ({
      pool: lower(l.address),
      block: l.blockNumber,
      logIndex: l.logIndex,
      txHash: l.transactionHash,
      d0: (l.args.amount0In as bigint) - (l.args.amount0Out as bigint),
      d1: (l.args.amount1In as bigint) - (l.args.amount1Out as bigint),
    })),
    ...v3Logs.map((l) => ({
      pool: lower(l.address),
      block: l.blockNumber,
      logIndex: l.logIndex,
      txHash: l.transactionHash,
      d0: l.args.amount0 as bigint,
      d1: l.args.amount1 as bigint,
    })),
    ...v4Logs.map((l) => ({
      pool: lower(l.args.id as string),
      block: l.blockNumber,
      logIndex: l.logIndex,
      txHash: l.transactionHash,
      d0: l.args.amount0 as bigint,
      d1: l.args.amount1 as bigint,
    })),
  ].filter((r) => byPool.has(r.pool));

  const blockTimes = new Map<bigint, number>();
  for (const b of new Set(raws.map((r) => r.block))) {
    blockTimes.set(b, Number((await client.getBlock({ blockNumber: b })).timestamp));
  }
  const decimals = new Map<string, number>();
  for (const m of list) {
    for (const t of [m.token, m.quote]) if (!decimals.has(t)) decimals.set(t, await decimalsOf(t));
  }

  const out = new Map<string, RefSwap[]>(list.map((m) => [m.market.pool, []]));
  for (const r of raws) {
    const m = byPool.get(r.pool) as (typeof list)[number];
    const tokenIs0 = m.token === m.market.token0;
    const amountToken = abs(tokenIs0 ? r.d0 : r.d1);
    const amountQuote = abs(tokenIs0 ? r.d1 : r.d0);
    // No token moved: no execution price, so no candle contribution.
    if (amountToken === 0n) continue;
    const dT = decimals.get(m.token) as number;
    const dQ = decimals.get(m.quote) as number;
    out.get(r.pool)?.push({
      at: (blockTimes.get(r.block) as number) * 1000,
      block: Number(r.block),
      logIndex: r.logIndex,
      id: `${r.txHash}:${r.logIndex}`,
      price: divToDecimal(amountQuote * 10n ** BigInt(dT), amountToken * 10n ** BigInt(dQ), 60) as string,
      volumeNativeRaw: amountQuote,
      nativeDecimals: dQ,
      amountTokenRaw: amountToken,
      tokenDecimals: dT,
    });
  }
  return out;
}

beforeAll(async () => {
  anvil = await startAnvil();
  client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  // The chain starts 60 days back, so the whole simulated history lies before the API's clock.
  await client.request({
    method: "evm_setTime",
    params: [Math.floor(Date.now() / 1000) - 60 * DAY_S],
  } as never);
  deployment = await deployUniswap(client);
  chain = `evm:${deployment.chainId}`;
  const sim = createMarketSimulator({ client, deployment, seed: 23 });
  const rnd = prng(5);
  for (let i = 0; i < CHUNKS; i++) {
    // First half: 1 to 3 days apart (weeks and a month boundary); second half: 1 to 15 minutes apart.
    const gap = i < CHUNKS / 2 ? DAY_S + Math.floor(rnd() * 2 * DAY_S) : 60 + Math.floor(rnd() * 14 * 60);
    await client.increaseTime({ seconds: gap });
    await sim.runSimulatorSteps(STEPS_PER_CHUNK);
  }
  const head = await client.getBlockNumber();

  db = await createTestDatabase();
  const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
  const worker = startEvmChainWorker({
    cfg,
    rpc: createRpcClient({ endpoints: cfg.endpoints }),
    db: db.pool,
  });
  try {
    await until(worker, head);
  } finally {
    await worker.stop();
  }

  const quoted = (await chainMarkets(head)).flatMap((market) => {
    const sides = nativeQuoted(market);
    return sides ? [{ market, ...sides }] : [];
  });
  const swaps = await chainSwaps(quoted, head);
  markets = quoted
    .map(({ market }) => ({ market, swaps: swaps.get(market.pool) ?? [] }))
    .filter((m) => m.swaps.length >= 2);
  const lastAt = Math.max(...markets.flatMap((m) => m.swaps.map((s) => s.at)));
  endS = Math.floor(lastAt / 1000) + 1800;
  api = await startMarketApi(db.pool);
});

afterAll(async () => {
  await api?.close();
  await db?.drop();
  await anvil?.stop();
});

// Response bodies are inspected freely; their shapes are what the tests check.
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies under test
type Json = any;

/**
 * Walks a market's candle pages backwards from `endS` with `endTime` = oldestTime − 1 (or
 * `nextEndTime`), oldest candle first in the result; stops when `hasMore` is false or after
 * `maxPages` pages.
 */
async function walk(
  pool: string,
  interval: string,
  fill: boolean,
  limit: number,
  maxPages: number,
): Promise<{ candles: RefCandle[]; pages: number; complete: boolean }> {
  const pages: RefCandle[][] = [];
  let endTime = endS;
  for (;;) {
    const qs = new URLSearchParams({
      chain,
      address: pool,
      interval,
      fill: String(fill),
      limit: String(limit),
      endTime: String(endTime),
    });
    const res = await fetch(`${api.url}/v1/pool/ohlcv?${qs}`);
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.meta.interval).toBe(interval);
    expect(body.data.length).toBeLessThanOrEqual(limit);
    pages.unshift(body.data);
    if (!body.meta.hasMore) return { candles: pages.flat(), pages: pages.length, complete: true };
    if (pages.length >= maxPages) return { candles: pages.flat(), pages: pages.length, complete: false };
    endTime = body.meta.nextEndTime ?? body.meta.oldestTime - 1;
  }
}

const INTERVALS: { key: string; seconds: number | "1M"; limit: number; fillPages: number }[] = [
  { key: "1m", seconds: 60, limit: 45, fillPages: 6 },
  { key: "5m", seconds: 300, limit: 40, fillPages: 6 },
  { key: "1h", seconds: 3600, limit: 150, fillPages: 20 },
  { key: "1w", seconds: 7 * DAY_S, limit: 2, fillPages: 20 },
  { key: "1M", seconds: "1M", limit: 1, fillPages: 20 },
];

describe("devnet candles equal the candles recomputed from the Swap logs", () => {
  it("the simulated history spans weeks and months, with several venues and busy minutes", () => {
    expect(markets.length).toBeGreaterThanOrEqual(3);
    expect(new Set(markets.map((m) => m.market.venue)).size).toBeGreaterThanOrEqual(2);
    const all = markets.flatMap((m) => m.swaps.map((s) => Math.floor(s.at / 1000)));
    const span = Math.max(...all) - Math.min(...all);
    expect(span).toBeGreaterThan(21 * DAY_S);
    const minutes = new Set(
      markets.flatMap((m) => m.swaps.map((s) => `${m.market.pool}/${Math.floor(s.at / 60_000)}`)),
    );
    expect(minutes.size).toBeLessThan(markets.reduce((n, m) => n + m.swaps.length, 0));
  });

  for (const iv of INTERVALS) {
    it(`${iv.key}, fill=false: every traded bucket, walked to the first trade`, async () => {
      for (const { market, swaps } of markets) {
        const ref = referenceCandles(swaps, { interval: iv.seconds, fill: false, untilS: endS });
        const limit = Math.max(1, Math.min(iv.limit, Math.ceil(ref.length / 3)));
        const got = await walk(market.pool, iv.key, false, limit, 1000);
        expect(got.complete).toBe(true);
        if (ref.length > limit) expect(got.pages).toBeGreaterThan(1);
        expect(got.candles, `${market.venue} ${market.pool}`).toEqual(ref);
      }
    });

    it(`${iv.key}, fill=true: flat candles in gaps, connected across pages`, async () => {
      let traded = 0;
      for (const { market, swaps } of markets) {
        const ref = referenceCandles(swaps, { interval: iv.seconds, fill: true, untilS: endS });
        const got = await walk(market.pool, iv.key, true, iv.limit, iv.fillPages);
        expect(got.pages).toBeGreaterThan(1);
        if (got.complete) {
          expect(got.candles, `${market.venue} ${market.pool}`).toEqual(ref);
        } else {
          // A fine interval over weeks: the newest pages, which hold the busy minutes.
          expect(got.candles).toHaveLength(iv.limit * iv.fillPages);
          expect(got.candles, `${market.venue} ${market.pool}`).toEqual(ref.slice(-got.candles.length));
        }
        traded += got.candles.filter((c) => c.trades > 0).length;
      }
      expect(traded).toBeGreaterThan(markets.length);
    });
  }
});
