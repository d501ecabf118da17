import { describe, expect, it } from "vitest";
import { applyDexEvents, type EvmHeader } from "./applyDexEvents.ts";
import { applyDexEventsInSlices } from "./applyDexEventsInSlices.ts";
import { baseWethUsdcSwap } from "./baseWethUsdcSwap.ts";
import type { DexEvent } from "./decoders/DexEvent.ts";
import { decodeUniswapV3Log } from "./decoders/decodeUniswapV3Log.ts";
import type { EvmMarketState } from "./EvmMarketState.ts";

const { ctx, swapLog, pool } = baseWethUsdcSwap;

function freshState(): EvmMarketState {
  return baseWethUsdcSwap.state({ reserve0: 10n ** 21n, reserve1: 10n ** 12n });
}

// The recorded swap replayed three times in each of 10 blocks, 40 s apart (several minutes).
const events: DexEvent[] = [];
const headers = new Map<bigint, EvmHeader>();
for (let b = 0; b < 10; b++) {
  const block = swapLog.blockNumber + BigInt(b);
  headers.set(block, { number: block, hash: `0x${b}`, parentHash: "0x", timestamp: 1_700_000_000 + b * 40 });
  for (let k = 0; k < 3; k++) {
    events.push(decodeUniswapV3Log({ ...swapLog, blockNumber: block, logIndex: k })!);
  }
}

describe("applyDexEventsInSlices", () => {
  it("gives what applyDexEvents gives for the whole range, and lets the event loop run between slices", async () => {
    const whole = freshState();
    const expected = applyDexEvents(events, headers, new Map(), whole, ctx);
    const sliced = freshState();
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const out = await applyDexEventsInSlices(events, headers, new Map(), sliced, ctx, 4);
    expect(turned).toBe(true);
    expect(out.trades).toHaveLength(events.length);
    expect(out.trades).toEqual(expected.trades);
    expect([...out.touched]).toEqual([...expected.touched]);
    expect([...out.nativePrices]).toEqual([...expected.nativePrices]);
    expect(sliced.pools.get(`evm:8453/${pool}`)).toEqual(whole.pools.get(`evm:8453/${pool}`));
    expect(sliced.nativeUsd).toEqual(whole.nativeUsd);
  });
});
