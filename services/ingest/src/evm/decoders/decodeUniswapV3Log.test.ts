import { decodeEventLog, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { loadEvmFixtures } from "../../../../../test/evm/loadEvmFixtures.ts";
import { decodeUniswapV3Log } from "./decodeUniswapV3Log.ts";
import { DexEventAbis, DexTopics } from "./dexEventAbis.ts";

const logs = loadEvmFixtures().flatMap((f) => f.logs);
const viem = (abi: (typeof DexEventAbis)[keyof typeof DexEventAbis], l: (typeof logs)[number]) =>
  decodeEventLog({ abi: [abi], data: l.data as Hex, topics: l.topics as [Hex, ...Hex[]], strict: true })
    .args as Record<string, bigint | number | string>;

describe("decodeUniswapV3Log on recorded logs (Ethereum, Arbitrum, Optimism, Base)", () => {
  const swaps = logs.filter((l) => l.topics[0] === DexTopics.v3Swap);

  it("decodes every Swap: signed pool deltas, price, liquidity and tick", () => {
    expect(swaps.length).toBeGreaterThan(60);
    for (const l of swaps) {
      const a = viem(DexEventAbis.v3Swap, l);
      expect(decodeUniswapV3Log(l)).toMatchObject({
        kind: "swap",
        pool: l.address,
        sender: String(a.sender).toLowerCase(),
        recipient: String(a.recipient).toLowerCase(),
        amount0: a.amount0,
        amount1: a.amount1,
        sqrtPriceX96: a.sqrtPriceX96,
        liquidity: a.liquidity,
        tick: a.tick,
      });
    }
    // swaps are one-sided: one delta in, the other out
    for (const l of swaps) {
      const ev = decodeUniswapV3Log(l);
      if (ev?.kind !== "swap") throw new Error("not a swap");
      expect(ev.amount0 > 0n !== ev.amount1 > 0n || ev.amount0 === 0n || ev.amount1 === 0n).toBe(true);
    }
  });

  it("decodes Mint and Burn with their tick range and liquidity delta", () => {
    const mints = logs.filter((l) => l.topics[0] === DexTopics.v3Mint);
    const burns = logs.filter((l) => l.topics[0] === DexTopics.v3Burn);
    expect(mints.length + burns.length).toBeGreaterThan(0);
    for (const l of mints) {
      const a = viem(DexEventAbis.v3Mint, l);
      expect(decodeUniswapV3Log(l)).toMatchObject({
        kind: "liquidity",
        tickLower: a.tickLower,
        tickUpper: a.tickUpper,
        liquidityDelta: a.amount,
        amount0: a.amount0,
        amount1: a.amount1,
      });
    }
    for (const l of burns) {
      const a = viem(DexEventAbis.v3Burn, l);
      expect(decodeUniswapV3Log(l)).toMatchObject({
        kind: "liquidity",
        tickLower: a.tickLower,
        tickUpper: a.tickUpper,
        liquidityDelta: -(a.amount as bigint),
        amount0: -(a.amount0 as bigint),
        amount1: -(a.amount1 as bigint),
      });
    }
  });

  it("labels the venue it is registered for (a fork with the same events)", () => {
    expect(decodeUniswapV3Log(swaps[0]!, "AERODROME_SLIPSTREAM")?.venueType).toBe("AERODROME_SLIPSTREAM");
  });
});
