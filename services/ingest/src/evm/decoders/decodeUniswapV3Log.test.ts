import { decodeEventLog, encodeAbiParameters, encodeEventTopics, type Hex } from "viem";
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

describe("decodeUniswapV3Log on factory PoolCreated logs (both layouts)", () => {
  // The USDC/WETH 0.05% pool and its factory on Ethereum; the log is encoded from the event ABIs.
  const factory = "0x1f98431c8ad98523631ae4a59f267346ea31f984";
  const pool = "0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640";
  const token0 = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
  const token1 = "0xc02aaa39b223fe8d0a4e5c4f27ead9083c756cc2";
  const at = {
    blockNumber: 12376729n,
    blockHash: `0x${"ab".repeat(32)}`,
    transactionHash: `0x${"cd".repeat(32)}`,
    logIndex: 7,
  };

  it("Uniswap's: fee indexed, tick spacing and pool in data", () => {
    const topics = encodeEventTopics({
      abi: [DexEventAbis.v3PoolCreated],
      args: { token0, token1, fee: 500 },
    });
    const data = encodeAbiParameters([{ type: "int24" }, { type: "address" }], [10, pool]);
    expect(decodeUniswapV3Log({ ...at, address: factory, topics: topics as Hex[], data })).toMatchObject({
      kind: "poolCreated",
      factory,
      pool,
      token0,
      token1,
      fee: 500,
      tickSpacing: 10,
    });
  });

  it("Slipstream's: tick spacing indexed (negative kept signed), pool in data, no fee", () => {
    const topics = encodeEventTopics({
      abi: [DexEventAbis.slipstreamPoolCreated],
      args: { token0, token1, tickSpacing: -200 },
    });
    const data = encodeAbiParameters([{ type: "address" }], [pool]);
    expect(
      decodeUniswapV3Log({ ...at, address: factory, topics: topics as Hex[], data }, "AERODROME_SLIPSTREAM"),
    ).toMatchObject({
      kind: "poolCreated",
      venueType: "AERODROME_SLIPSTREAM",
      factory,
      pool,
      token0,
      token1,
      fee: null,
      tickSpacing: -200,
    });
  });
});
