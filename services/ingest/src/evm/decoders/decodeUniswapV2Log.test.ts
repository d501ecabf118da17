import { decodeEventLog, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { loadEvmFixtures } from "../../../../../test/evm/loadEvmFixtures.ts";
import { decodeUniswapV2Log } from "./decodeUniswapV2Log.ts";
import { DexEventAbis, DexTopics } from "./dexEventAbis.ts";

const logs = loadEvmFixtures().flatMap((f) => f.logs);
const decodeWithViem = (abi: (typeof DexEventAbis)[keyof typeof DexEventAbis], l: (typeof logs)[number]) =>
  decodeEventLog({ abi: [abi], data: l.data as Hex, topics: l.topics as [Hex, ...Hex[]], strict: true })
    .args as Record<string, bigint | string>;

describe("decodeUniswapV2Log on recorded mainnet logs", () => {
  const swaps = logs.filter((l) => l.topics[0] === DexTopics.v2Swap && l.topics.length === 3);
  const syncs = logs.filter((l) => l.topics[0] === DexTopics.v2Sync);

  it("has real V2 Swap and Sync logs to check", () => {
    expect(swaps.length).toBeGreaterThan(150);
    expect(syncs.length).toBeGreaterThan(150);
  });

  it("turns every Swap into the pool's balance changes (in − out) with sender and recipient", () => {
    for (const l of swaps) {
      const a = decodeWithViem(DexEventAbis.v2Swap, l);
      const ev = decodeUniswapV2Log(l);
      expect(ev).toMatchObject({
        kind: "swap",
        venueType: "UNISWAP_V2",
        pool: l.address,
        sender: String(a.sender).toLowerCase(),
        recipient: String(a.to).toLowerCase(),
        amount0: (a.amount0In as bigint) - (a.amount0Out as bigint),
        amount1: (a.amount1In as bigint) - (a.amount1Out as bigint),
        block: l.blockNumber,
        txHash: l.transactionHash,
        logIndex: l.logIndex,
      });
    }
  });

  it("reads Sync reserves, and Mint/Burn amounts signed (added +, removed −)", () => {
    for (const l of syncs) {
      const a = decodeWithViem(DexEventAbis.v2Sync, l);
      expect(decodeUniswapV2Log(l)).toMatchObject({
        kind: "sync",
        reserve0: a.reserve0,
        reserve1: a.reserve1,
      });
    }
    const mints = logs.filter((l) => l.topics[0] === DexTopics.v2Mint && l.topics.length === 2);
    const burns = logs.filter((l) => l.topics[0] === DexTopics.v2Burn && l.topics.length === 3);
    expect(mints.length + burns.length).toBeGreaterThan(5);
    for (const l of mints) {
      const a = decodeWithViem(DexEventAbis.v2Mint, l);
      expect(decodeUniswapV2Log(l)).toMatchObject({
        kind: "liquidity",
        amount0: a.amount0,
        amount1: a.amount1,
      });
    }
    for (const l of burns) {
      const a = decodeWithViem(DexEventAbis.v2Burn, l);
      expect(decodeUniswapV2Log(l)).toMatchObject({
        kind: "liquidity",
        amount0: -(a.amount0 as bigint),
        amount1: -(a.amount1 as bigint),
      });
    }
  });

  it("agrees with the Sync that follows each Swap in the same pool and transaction", () => {
    // A V2 pair emits Sync(reserves after) right before Swap; reserves before = after − delta ≥ 0.
    let checked = 0;
    for (const l of swaps) {
      const sync = logs.find(
        (s) =>
          s.topics[0] === DexTopics.v2Sync &&
          s.address === l.address &&
          s.transactionHash === l.transactionHash &&
          s.logIndex === l.logIndex - 1,
      );
      if (!sync) continue;
      const ev = decodeUniswapV2Log(l);
      const s = decodeUniswapV2Log(sync);
      if (ev?.kind !== "swap" || s?.kind !== "sync") throw new Error("decode failed");
      expect(s.reserve0 - ev.amount0).toBeGreaterThanOrEqual(0n);
      expect(s.reserve1 - ev.amount1).toBeGreaterThanOrEqual(0n);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("answers null for logs that are not its events", () => {
    const other = logs.find((l) => l.topics[0] !== DexTopics.v2Swap && l.topics[0] !== DexTopics.v2Sync)!;
    expect(decodeUniswapV2Log(other)).toBeNull();
    expect(decodeUniswapV2Log({ ...swaps[0]!, data: "0x1234" })).toBeNull();
  });
});
