import { formatUnits, type TradeRecord, type WalletSwapRecord } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { walletTradesOf } from "./walletTradesOf.ts";

const W = "0x00000000000000000000000000000000000000cc";
const A = "0x00000000000000000000000000000000000000aa";
const B = "0x00000000000000000000000000000000000000bb";
const X = "0x00000000000000000000000000000000000000dd";
const WETH = "0x00000000000000000000000000000000000000ee";

function trade(
  pool: string,
  logIndex: number,
  token: string,
  isBuy: boolean,
  amount: bigint,
  price: string,
): TradeRecord {
  return {
    chain: "evm:1",
    pool,
    id: `0xt:${logIndex}`,
    txHash: "0xt",
    block: 7n,
    logIndex,
    at: 1_700_000_000_000,
    maker: W,
    isBuy,
    tokenAddress: token,
    quoteAddress: WETH,
    amountToken: amount,
    amountQuote: 0n,
    priceQuote: price,
    priceNative: price,
    volumeNative: formatUnits(amount * BigInt(price), 18),
    feesNative: "0.001",
    isWash: null,
    preconfirmed: false,
    router: null,
  };
}

const leg = (sent: string, received: string) => ({
  poolAddress: "0xp",
  poolType: "UNISWAP_V2",
  sent: { tokenAddress: sent, amount: 1n },
  received: { tokenAddress: received, amount: 1n },
});

describe("walletTradesOf", () => {
  it("merges a split route's legs of one token and side: amounts and volumes summed once, price weighted", () => {
    const rows = walletTradesOf(
      [trade("0xp1", 4, A, true, 3n * 10n ** 18n, "2"), trade("0xp2", 2, A, true, 1n * 10n ** 18n, "6")],
      [],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tokenAddress: A,
      isBuy: true,
      amountToken: 4n * 10n ** 18n,
      logIndex: 2,
    });
    expect(rows[0]!.volumeNative).toBe("12");
    // (3 x 2 + 1 x 6) / 4
    expect(rows[0]!.priceNative).toBe("3");
  });

  it("leaves out a token the wallet's route only passed through; keeps the two sides of a token", () => {
    const swap: WalletSwapRecord = {
      chain: "evm:1",
      wallet: W,
      txHash: "0xt",
      block: 7n,
      seq: 1,
      at: 1,
      sent: [],
      received: [],
      route: [leg(A, X), leg(X, B)],
      volumeNative: null,
      feesNative: null,
    };
    const rows = walletTradesOf(
      [
        trade("0xp1", 1, A, false, 10n, "1"),
        trade("0xp2", 2, X, true, 5n, "1"),
        trade("0xp3", 3, X, false, 5n, "1"),
        trade("0xp4", 4, B, true, 7n, "1"),
      ],
      [swap],
    );
    expect(rows.map((r) => [r.tokenAddress, r.isBuy])).toEqual([
      [A, false],
      [B, true],
    ]);
    const noSwap = walletTradesOf(
      [trade("0xp2", 2, X, true, 5n, "1"), trade("0xp3", 3, X, false, 5n, "1")],
      [],
    );
    expect(noSwap.map((r) => r.isBuy)).toEqual([true, false]);
  });

  it("an unknown price or volume makes the merged one unknown", () => {
    const t = { ...trade("0xp1", 1, A, true, 10n, "1"), priceNative: null, volumeNative: null };
    const rows = walletTradesOf([t, trade("0xp2", 2, A, true, 10n, "1")], []);
    expect(rows[0]).toMatchObject({ priceNative: null, volumeNative: null, amountToken: 20n });
  });
});
