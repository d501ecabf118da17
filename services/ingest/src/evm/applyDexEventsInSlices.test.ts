import { describe, expect, it } from "vitest";
import { loadEvmFixtures } from "../../../../test/evm/loadEvmFixtures.ts";
import { type ApplyContext, applyDexEvents, type EvmHeader } from "./applyDexEvents.ts";
import { applyDexEventsInSlices } from "./applyDexEventsInSlices.ts";
import type { DexEvent } from "./decoders/DexEvent.ts";
import { decodeUniswapV3Log } from "./decoders/decodeUniswapV3Log.ts";
import { DexTopics } from "./decoders/dexEventAbis.ts";
import { createEvmMarketState, type EvmMarketState } from "./EvmMarketState.ts";

// Base: WETH 0x4200…0006 (18 decimals), USDC 0x8335…2913 (6 decimals): the contracts' decimals() values.
const WETH = "0x4200000000000000000000000000000000000006";
const USDC = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";
const ctx: ApplyContext = {
  chain: "evm:8453",
  wrappedNative: WETH,
  stablecoins: [USDC],
  relayers: new Set(),
  nativeDecimals: 18,
};
const f = loadEvmFixtures().find((x) => x.file === "swap_uniswapuniversalrouter_base.json")!;
const swapLog = f.logs.find((l) => l.topics[0] === DexTopics.v3Swap)!;
const pool = swapLog.address;

function freshState(): EvmMarketState {
  const state = createEvmMarketState();
  state.tokens.set(WETH, { address: WETH, decimals: 18, symbol: "WETH" });
  state.tokens.set(USDC, { address: USDC, decimals: 6, symbol: "USDC" });
  state.pools.set(`evm:8453/${pool}`, {
    market: `evm:8453/${pool}`,
    address: pool,
    venueType: "UNISWAP_V3",
    factory: "0x33128a8fc17869897dce68ed026d694621f6fdfd",
    exchangeName: "Uniswap V3",
    feeBps: 5,
    token0: WETH,
    token1: USDC,
    tokenIsToken0: true,
    reserve0: 10n ** 21n,
    reserve1: 10n ** 12n,
    liquidity: null,
    sqrtPriceX96: null,
    tick: null,
    createdAt: null,
    createdBlock: null,
    updatedBlock: null,
    liquidityNative: null,
  });
  return state;
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
