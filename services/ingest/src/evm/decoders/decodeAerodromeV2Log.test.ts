import { decodeEventLog, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { loadEvmFixtures } from "../../../../../test/evm/loadEvmFixtures.ts";
import { decodeAerodromeV2Log } from "./decodeAerodromeV2Log.ts";
import { DexEventAbis, DexTopics } from "./dexEventAbis.ts";

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

describe("decodeAerodromeV2Log on a recorded Aerodrome swap (Base)", () => {
  const f = loadEvmFixtures().find((x) => x.file === "swap_aerodrome_base.json")!;

  it("decodes Swap and Sync of the pool; the deltas match the tokens' transfers", () => {
    const swap = f.logs.find((l) => l.topics[0] === DexTopics.aeroSwap)!;
    const sync = f.logs.find((l) => l.topics[0] === DexTopics.aeroSync)!;
    const a = decodeEventLog({
      abi: [DexEventAbis.aeroSwap],
      data: swap.data as Hex,
      topics: swap.topics as [Hex, ...Hex[]],
    }).args;
    const ev = decodeAerodromeV2Log(swap);
    expect(ev).toMatchObject({
      kind: "swap",
      venueType: "AERODROME_V2",
      pool: swap.address,
      recipient: a.to.toLowerCase(),
      amount0: a.amount0In - a.amount0Out,
      amount1: a.amount1In - a.amount1Out,
    });
    const s = decodeEventLog({
      abi: [DexEventAbis.aeroSync],
      data: sync.data as Hex,
      topics: sync.topics as [Hex, ...Hex[]],
    }).args;
    expect(decodeAerodromeV2Log(sync)).toMatchObject({
      kind: "sync",
      reserve0: s.reserve0,
      reserve1: s.reserve1,
    });

    // the pool received what transfers into it say and paid out what transfers out of it say
    if (ev?.kind !== "swap") throw new Error("not a swap");
    const pool = swap.address.slice(2);
    const into = f.logs.filter((l) => l.topics[0] === TRANSFER && l.topics[2]?.endsWith(pool));
    const outOf = f.logs.filter((l) => l.topics[0] === TRANSFER && l.topics[1]?.endsWith(pool));
    const moved = [...into.map((l) => BigInt(l.data)), ...outOf.map((l) => -BigInt(l.data))].sort();
    expect(moved).toContain(ev.amount0 !== 0n && ev.amount0 > 0n ? ev.amount0 : ev.amount1);
    expect(moved).toContain(ev.amount0 < 0n ? ev.amount0 : ev.amount1);
  });

  it("decodes a same-signature Burn of a non-pool contract too (discovery must reject it by factory)", () => {
    const aave = loadEvmFixtures().find((x) => x.file === "lend_aavev2_ethereum.json")!;
    const burn = aave.logs.find((l) => l.topics[0] === DexTopics.aeroBurn)!;
    expect(decodeAerodromeV2Log(burn)?.kind).toBe("liquidity");
  });
});
