import { formatUnits } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { type FixtureReceipt, loadEvmFixtures } from "../../../../test/evm/loadEvmFixtures.ts";
import { type ApplyContext, applyDexEvents, type EvmHeader } from "./applyDexEvents.ts";
import { baseWethUsdcSwap } from "./baseWethUsdcSwap.ts";
import { decodeUniswapV3Log } from "./decoders/decodeUniswapV3Log.ts";
import { DexTopics } from "./decoders/dexEventAbis.ts";
import { createEvmMarketState } from "./EvmMarketState.ts";
import { PRICE_SCALE } from "./rational.ts";

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const files = loadEvmFixtures();

function header(r: FixtureReceipt, block: bigint): Map<bigint, EvmHeader> {
  return new Map([[block, { number: block, hash: r.blockHash, parentHash: "0x", timestamp: 1_700_000_000 }]]);
}

describe("applyDexEvents on a recorded Base WETH/USDC V3 swap", () => {
  const { WETH, USDC, ctx, fixture: f, swapLog, pool } = baseWethUsdcSwap;
  const receipt = f.receipts[0]!;

  it("builds the trade from the pool's own transfers: side, gross amounts, prices, fee, maker", () => {
    const state = baseWethUsdcSwap.state({ reserve0: null, reserve1: null });
    const ev = decodeUniswapV3Log(swapLog)!;
    const out = applyDexEvents(
      [ev],
      header(receipt, swapLog.blockNumber),
      new Map([[receipt.transactionHash, receipt]]),
      state,
      ctx,
    );
    expect(out.trades).toHaveLength(1);
    const t = out.trades[0]!;

    const p = pool.slice(2);
    const wethIn = f.logs.find(
      (l) => l.address === WETH && l.topics[0] === TRANSFER && l.topics[2]!.endsWith(p),
    );
    const wethOut = f.logs.find(
      (l) => l.address === WETH && l.topics[0] === TRANSFER && l.topics[1]!.endsWith(p),
    );
    const usdcIn = f.logs.find(
      (l) => l.address === USDC && l.topics[0] === TRANSFER && l.topics[2]!.endsWith(p),
    );
    const usdcOut = f.logs.find(
      (l) => l.address === USDC && l.topics[0] === TRANSFER && l.topics[1]!.endsWith(p),
    );
    const weth = BigInt((wethIn ?? wethOut)!.data);
    const usdc = BigInt((usdcIn ?? usdcOut)!.data);
    expect(t).toMatchObject({
      id: `${receipt.transactionHash}:${swapLog.logIndex}`,
      tokenAddress: WETH,
      quoteAddress: USDC,
      isBuy: wethOut !== undefined,
      amountToken: weth,
      amountQuote: usdc,
      maker: receipt.from,
      priceNative: "1",
      volumeNative: formatUnits(weth, 18),
      feesNative: formatUnits(receipt.gasUsed * receipt.effectiveGasPrice, 18),
      at: 1_700_000_000_000,
    });
    // price in USDC per WETH: (usdc / 1e6) / (weth / 1e18), truncated to PRICE_SCALE places
    const scaled = (usdc * 10n ** 18n * 10n ** BigInt(PRICE_SCALE)) / (weth * 10n ** 6n);
    expect(t.priceQuote).toBe(formatUnits(scaled, PRICE_SCALE));

    // the pool now prices WETH in USD from its sqrtPriceX96: (sqrtP / 2^96)^2 × 10^(18 − 6),
    // kept to 48 decimal places
    const sqrtP = BigInt(`0x${swapLog.data.slice(2 + 128, 2 + 192)}`);
    const usd = state.nativeUsd!;
    expect(usd.market).toBe(`evm:8453/${pool}`);
    expect(usd.price).toEqual({
      num: (sqrtP * sqrtP * 10n ** 12n * 10n ** 48n) / (1n << 192n),
      den: 10n ** 48n,
    });
    expect([...out.nativePrices.values()][0]!.source).toBe(`pool:${pool}`);
  });
});

describe("applyDexEvents fees on an OP-stack chain (recorded Optimism block)", () => {
  it("adds the receipt's L1 data fee to gasUsed × effectiveGasPrice", () => {
    const f = files.find((x) => x.file.startsWith("optimism_mainnet"))!;
    const r = f.receipts.find(
      (x) => x.l1Fee !== null && x.logs.some((l) => l.topics[0] === DexTopics.v3Swap),
    )!;
    const swapLog = r.logs.find((l) => l.topics[0] === DexTopics.v3Swap)!;
    const state = createEvmMarketState();
    const key = `evm:10/${swapLog.address}`;
    state.pools.set(key, {
      market: key,
      address: swapLog.address,
      venueType: "UNISWAP_V3",
      factory: "0x1f98431c8ad98523631ae4a59f267346ea31f984",
      exchangeName: "Uniswap V3",
      feeBps: null,
      token0: "0x0000000000000000000000000000000000000001",
      token1: "0x0000000000000000000000000000000000000002",
      tokenIsToken0: true,
      reserve0: null,
      reserve1: null,
      liquidity: null,
      sqrtPriceX96: null,
      tick: null,
      createdAt: null,
      createdBlock: null,
      updatedBlock: null,
      liquidityNative: null,
    });
    const ctx: ApplyContext = {
      chain: "evm:10",
      wrappedNative: "0x4200000000000000000000000000000000000006",
      stablecoins: [],
      relayers: new Set(),
      nativeDecimals: 18,
    };
    const out = applyDexEvents(
      [decodeUniswapV3Log(swapLog)!],
      header(r, swapLog.blockNumber),
      new Map([[r.transactionHash, r]]),
      state,
      ctx,
    );
    expect(out.trades[0]!.feesNative).toBe(formatUnits(r.gasUsed * r.effectiveGasPrice + r.l1Fee!, 18));
    // decimals unknown: amounts are kept, prices stay unknown rather than invented
    expect(out.trades[0]!.priceQuote).toBeNull();
    expect(out.trades[0]!.priceNative).toBeNull();
  });
});
