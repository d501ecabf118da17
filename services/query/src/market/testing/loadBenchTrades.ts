import {
  type ChainId,
  formatUnits,
  type PoolRecord,
  type TokenRecord,
  type TradeRecord,
} from "@tapeline/core";
import { writeBatch } from "@tapeline/ingest";
import type pg from "pg";
import { prng } from "./buildMarketFixture.ts";

export const BENCH_CHAIN: ChainId = "evm:31337";
const WETH = "0x00000000000000000000000000000000000000e1";
const E18 = 10n ** 18n;
const hex = (n: number, width = 40) => `0x${n.toString(16).padStart(width, "0")}`;
/** Token address of bench pool `i`. */
export const benchTokenOf = (i: number) => hex(0x100000 + i);
/** Address of bench pool `i`. */
export const benchPoolOf = (i: number) => hex(0x200000 + i);

export type LoadBenchTradesOptions = {
  trades: number;
  pools: number;
  /** span of history ending at `nowMs`, ms */
  spanMs: number;
  nowMs: number;
  /** trades per writer batch */
  batch: number;
  /** writers running at once; each owns a disjoint set of pools, so they never touch the same rows */
  writers: number;
  /** pools trading one token: pools i·k to i·k + k - 1 trade token i (default 1) */
  marketsPerToken?: number;
};

/**
 * Loads a synthetic market through the ingest writer: tokens quoted in WETH, `marketsPerToken`
 * pools each (default one), `pools` pools in all, `trades` valid trades (rounded down to a multiple of `pools`) spread evenly over the span (each pool trades at the same instants,
 * random-walk prices, random sizes and makers). Tokens, pools and one native price go first in
 * their own batch; the trades follow in batches written by parallel writers.
 * @returns load time in ms
 */
export async function loadBenchTrades(pool: pg.Pool, o: LoadBenchTradesOptions): Promise<number> {
  const started = Date.now();
  const start = o.nowMs - o.spanMs;
  const perPool = Math.floor(o.trades / o.pools);
  const per = o.marketsPerToken ?? 1;
  const tokenOfPool = (i: number) => benchTokenOf(Math.floor(i / per));
  const step = o.spanMs / perPool;
  const tokens: TokenRecord[] = [
    {
      chain: BENCH_CHAIN,
      address: WETH,
      name: "Wrapped Ether",
      symbol: "WETH",
      decimals: 18,
      totalSupply: null,
    },
    ...Array.from({ length: Math.ceil(o.pools / per) }, (_, i) => ({
      chain: BENCH_CHAIN,
      address: benchTokenOf(i),
      name: `Token ${i}`,
      symbol: `T${i}`,
      decimals: 18,
      totalSupply: 1_000_000_000n * E18,
    })),
  ];
  const pools: PoolRecord[] = Array.from({ length: o.pools }, (_, i) => ({
    chain: BENCH_CHAIN,
    address: benchPoolOf(i),
    venueType: "UNISWAP_V2",
    factory: hex(0xfa),
    token0: tokenOfPool(i),
    token1: WETH,
    tokenAddress: tokenOfPool(i),
    quoteAddress: WETH,
    priceNative: "0.000001",
    liquidityNative: "100",
    createdAt: start,
    createdBlock: 1n,
    updatedBlock: 1n,
  }));
  await writeBatch(pool, {
    chain: BENCH_CHAIN,
    blocks: [],
    trades: [],
    pools,
    tokens,
    nativePrices: [{ minute: Math.floor(o.nowMs / 60_000) * 60_000, priceUsd: "3000", source: "bench" }],
  });

  // Writer w owns pools w, w + writers, ...; it writes their trades in time order.
  const writer = async (w: number) => {
    const mine = Array.from({ length: o.pools }, (_, i) => i).filter((i) => i % o.writers === w);
    const total = perPool * mine.length;
    const rnd = prng(3 + w);
    const price = new Map(mine.map((i) => [i, 0.000001]));
    let written = 0;
    while (written < total) {
      const trades: TradeRecord[] = [];
      const n = Math.min(o.batch, total - written);
      for (let k = 0; k < n; k++) {
        const seq = written + k;
        const p = mine[seq % mine.length] as number;
        const slot = Math.floor(seq / mine.length);
        const at = Math.floor(start + slot * step);
        const block = 1 + Math.floor((at - start) / 2000);
        const next = (price.get(p) as number) * (1 + (rnd() - 0.5) * 0.02);
        price.set(p, next);
        const priceStr = next.toFixed(15);
        const amountToken = BigInt(1 + Math.floor(rnd() * 1_000_000)) * E18;
        const amountQuote = (amountToken * BigInt(priceStr.replace(".", ""))) / 10n ** 15n;
        const txHash = hex(slot * o.pools + p, 64);
        trades.push({
          chain: BENCH_CHAIN,
          pool: benchPoolOf(p),
          id: `${txHash}:0`,
          txHash,
          block: BigInt(block),
          logIndex: 0,
          at,
          maker: hex(1 + Math.floor(rnd() * 5000)),
          isBuy: rnd() < 0.5,
          tokenAddress: tokenOfPool(p),
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
      await writeBatch(pool, { chain: BENCH_CHAIN, blocks: [], trades, pools: [], tokens: [] });
      written += n;
    }
  };
  await Promise.all(Array.from({ length: o.writers }, (_, w) => writer(w)));
  await pool.query("analyze");
  return Date.now() - started;
}
