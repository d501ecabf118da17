import { loadEvmFixtures } from "../../../../test/evm/loadEvmFixtures.ts";
import type { ApplyContext } from "./applyDexEvents.ts";
import { DexTopics } from "./decoders/dexEventAbis.ts";
import { createEvmMarketState, type EvmMarketState } from "./EvmMarketState.ts";

// Base: WETH 0x4200…0006 (18 decimals), USDC 0x8335…2913 (6 decimals): the contracts' decimals() values.
const WETH = "0x4200000000000000000000000000000000000006";
const USDC = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";
const fixture = loadEvmFixtures().find((x) => x.file === "swap_uniswapuniversalrouter_base.json")!;
const swapLog = fixture.logs.find((l) => l.topics[0] === DexTopics.v3Swap)!;
const pool = swapLog.address;

/**
 * Test fixture: the recorded Base WETH/USDC Uniswap V3 swap, the Base apply context, and a market
 * state knowing both tokens and the pool (with the given reserves) before the swap.
 */
export const baseWethUsdcSwap = {
  WETH,
  USDC,
  fixture,
  swapLog,
  pool,
  ctx: {
    chain: "evm:8453",
    wrappedNative: WETH,
    stablecoins: [USDC],
    relayers: new Set(),
    nativeDecimals: 18,
  } satisfies ApplyContext as ApplyContext,
  state(reserves: { reserve0: bigint | null; reserve1: bigint | null }): EvmMarketState {
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
      ...reserves,
      liquidity: null,
      sqrtPriceX96: null,
      tick: null,
      createdAt: null,
      createdBlock: null,
      updatedBlock: null,
      liquidityNative: null,
    });
    return state;
  },
};
