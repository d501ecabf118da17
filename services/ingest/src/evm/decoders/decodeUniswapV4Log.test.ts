import { decodeEventLog, encodeAbiParameters, type Hex, keccak256 } from "viem";
import { describe, expect, it } from "vitest";
import { loadEvmFixtures } from "../../../../../test/evm/loadEvmFixtures.ts";
import { decodeUniswapV4Log } from "./decodeUniswapV4Log.ts";
import { DexEventAbis, DexTopics } from "./dexEventAbis.ts";

const files = loadEvmFixtures();
const logs = files.flatMap((f) => f.logs);
const POOL_MANAGER = "0x000000000004444c5dc75cb358380d2e3de08a90";
const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

describe("decodeUniswapV4Log on recorded PoolManager logs", () => {
  it("decodes Initialize as a pool creation whose PoolId is the hash of its PoolKey", () => {
    const inits = logs.filter((l) => l.topics[0] === DexTopics.v4Initialize);
    expect(inits.length).toBeGreaterThan(0);
    for (const l of inits) {
      const ev = decodeUniswapV4Log(l);
      if (ev?.kind !== "poolCreated") throw new Error("not a creation");
      const a = decodeEventLog({
        abi: [DexEventAbis.v4Initialize],
        data: l.data as Hex,
        topics: l.topics as [Hex, ...Hex[]],
      }).args;
      expect(ev).toMatchObject({
        factory: POOL_MANAGER,
        token0: a.currency0.toLowerCase(),
        token1: a.currency1.toLowerCase(),
        fee: a.fee,
        tickSpacing: a.tickSpacing,
        hooks: a.hooks.toLowerCase(),
        sqrtPriceX96: a.sqrtPriceX96,
        tick: a.tick,
      });
      const id = keccak256(
        encodeAbiParameters(
          [
            { type: "address" },
            { type: "address" },
            { type: "uint24" },
            { type: "int24" },
            { type: "address" },
          ],
          [ev.token0 as Hex, ev.token1 as Hex, ev.fee!, ev.tickSpacing!, ev.hooks as Hex],
        ),
      );
      expect(ev.pool).toBe(id);
    }
  });

  it("turns every Swap's swapper deltas into the pool's balance changes", () => {
    const swaps = logs.filter((l) => l.topics[0] === DexTopics.v4Swap);
    expect(swaps.length).toBeGreaterThan(2);
    for (const l of swaps) {
      const a = decodeEventLog({
        abi: [DexEventAbis.v4Swap],
        data: l.data as Hex,
        topics: l.topics as [Hex, ...Hex[]],
      }).args;
      expect(decodeUniswapV4Log(l)).toMatchObject({
        kind: "swap",
        venueType: "UNISWAP_V4",
        pool: a.id.toLowerCase(),
        sender: a.sender.toLowerCase(),
        amount0: -a.amount0,
        amount1: -a.amount1,
        sqrtPriceX96: a.sqrtPriceX96,
        liquidity: a.liquidity,
        tick: a.tick,
        fee: a.fee,
      });
    }
  });

  it("matches the ERC-20 transfer out of the PoolManager in the same transaction (sign check)", () => {
    // Kyber route through a V4 pool paying out an ERC-20 as currency1: the pool's delta for
    // currency1 is minus what the PoolManager transferred out.
    const f = files.find((x) => x.file === "swap_kyber_ethereum_2.json")!;
    const swap = f.logs.find((l) => l.topics[0] === DexTopics.v4Swap)!;
    const ev = decodeUniswapV4Log(swap);
    if (ev?.kind !== "swap") throw new Error("not a swap");
    const out = f.logs.find((l) => l.topics[0] === TRANSFER && l.topics[1]?.endsWith(POOL_MANAGER.slice(2)))!;
    expect(ev.amount1).toBe(-BigInt(out.data));
    expect(ev.amount0).toBeGreaterThan(0n);
  });
});
