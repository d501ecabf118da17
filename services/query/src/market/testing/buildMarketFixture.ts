import {
  type ChainId,
  formatUnits,
  type PoolRecord,
  type TokenRecord,
  type TradeRecord,
} from "@tapeline/core";
import type { RefSwap } from "./referenceCandles.ts";

export const FX_CHAIN: ChainId = "evm:31337";
export const FX_TOKEN = "0x00000000000000000000000000000000000000a1";
export const FX_WETH = "0x00000000000000000000000000000000000000e1";
export const FX_POOL = "0x00000000000000000000000000000000000000b1";
export const FX_POOL2 = "0x00000000000000000000000000000000000000b2";
export const FX_CURVE = "0x00000000000000000000000000000000000000c1";
export const FX_DEPLOYER = "0x00000000000000000000000000000000000000d1";
/** First trade: Wednesday 2024-01-10 00:00:00 UTC (so weeks and months split the history). */
export const FX_T0 = Date.UTC(2024, 0, 10);

/** A small deterministic PRNG (mulberry32), so fixtures are the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type MarketFixture = {
  tokens: TokenRecord[];
  pools: PoolRecord[];
  trades: TradeRecord[];
  /** the same trades as reference swaps, by pool address */
  swaps: Map<string, RefSwap[]>;
  graduatedAt: number;
  lastAt: number;
};

const E18 = 10n ** 18n;

/**
 * A token with a bonding curve (trades first, then migrated) and two AMM pools quoted in the
 * wrapped native coin; `n` trades spread over about 80 days with gaps, several trades per second
 * at times, so every interval has multi-trade buckets, empty buckets, weeks and months.
 */
export function buildMarketFixture(n = 600, seed = 7): MarketFixture {
  const rnd = prng(seed);
  const graduatedAt = FX_T0 + 3 * 86_400_000;
  const tokens: TokenRecord[] = [
    {
      chain: FX_CHAIN,
      address: FX_TOKEN,
      name: "Fixture",
      symbol: "FIX",
      decimals: 18,
      totalSupply: 1_000_000_000n * E18,
      deployer: "0x00000000000000000000000000000000000000f9",
    },
    {
      chain: FX_CHAIN,
      address: FX_WETH,
      name: "Wrapped Ether",
      symbol: "WETH",
      decimals: 18,
      totalSupply: null,
    },
  ];
  const pool = (address: string, extra: Partial<PoolRecord>): PoolRecord => ({
    chain: FX_CHAIN,
    address,
    venueType: "UNISWAP_V2",
    factory: "0x00000000000000000000000000000000000000fa",
    token0: FX_TOKEN,
    token1: FX_WETH,
    tokenAddress: FX_TOKEN,
    quoteAddress: FX_WETH,
    createdAt: graduatedAt,
    createdBlock: 1n,
    updatedBlock: 1n,
    ...extra,
  });
  const trades: TradeRecord[] = [];
  const swaps = new Map<string, RefSwap[]>();
  let at = FX_T0;
  let block = 100;
  let price = 0.000001;
  for (let i = 0; i < n; i++) {
    // Mostly seconds apart, sometimes the same second, sometimes hours or days of silence.
    const r = rnd();
    at +=
      r < 0.2
        ? 0
        : r < 0.7
          ? Math.floor(rnd() * 90_000)
          : r < 0.95
            ? Math.floor(rnd() * 7_200_000)
            : Math.floor(rnd() * 6 * 86_400_000);
    if (r >= 0.2) block += 1;
    price *= 1 + (rnd() - 0.48) * 0.1;
    const poolAddr = at < graduatedAt ? FX_CURVE : rnd() < 0.7 ? FX_POOL : FX_POOL2;
    const priceStr = price.toFixed(12);
    const amountTokenRaw = BigInt(Math.floor(1 + rnd() * 100_000)) * E18;
    const volumeNativeRaw = (amountTokenRaw * BigInt(priceStr.replace(".", ""))) / 10n ** 12n;
    const logIndex = i % 5;
    const txHash = `0x${block.toString(16).padStart(16, "0")}${i.toString(16).padStart(48, "0")}`;
    const isBuy = rnd() < 0.55;
    const maker = `0x${(1 + Math.floor(rnd() * 12)).toString(16).padStart(40, "0")}`;
    trades.push({
      chain: FX_CHAIN,
      pool: poolAddr,
      id: `${txHash}:${logIndex}`,
      txHash,
      block: BigInt(block),
      logIndex,
      at,
      maker,
      isBuy,
      tokenAddress: FX_TOKEN,
      quoteAddress: FX_WETH,
      amountToken: amountTokenRaw,
      amountQuote: volumeNativeRaw,
      priceQuote: priceStr,
      priceNative: priceStr,
      volumeNative: formatUnits(volumeNativeRaw, 18),
      feesNative: "0.0001",
      isWash: null,
      preconfirmed: false,
      router: null,
    });
    const list = swaps.get(poolAddr) ?? [];
    list.push({
      at,
      block,
      logIndex,
      id: `${txHash}:${logIndex}`,
      price: priceStr,
      volumeNativeRaw,
      nativeDecimals: 18,
      amountTokenRaw,
      tokenDecimals: 18,
    });
    swaps.set(poolAddr, list);
  }
  const pools = [
    pool(FX_CURVE, {
      venueType: "PUMP_CURVE",
      launchpad: "devpad",
      isLaunchpad: true,
      migrated: true,
      graduatedAt,
      bondingProgress: 100,
      creator: FX_DEPLOYER,
      createdAt: FX_T0 - 60_000,
      priceNative: null,
      liquidityNative: "0",
    }),
    pool(FX_POOL, { priceNative: price.toFixed(12), liquidityNative: "120.5", reserve0: 1n, reserve1: 1n }),
    pool(FX_POOL2, { priceNative: price.toFixed(12), liquidityNative: "30.25", reserve0: 1n, reserve1: 1n }),
  ];
  return { tokens, pools, trades, swaps, graduatedAt, lastAt: at };
}
