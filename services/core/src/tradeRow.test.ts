import { describe, expect, it } from "vitest";
import { formatUnits } from "./amount.ts";
import { seededInts } from "./testing/seededInts.ts";
import { type TradeRowSource, toApiTradeRow } from "./tradeRow.ts";

const source = (amountToken: string, amountQuote: string, tokenDecimals: number | null): TradeRowSource => ({
  id: "t1",
  at: 1,
  maker: "0xm",
  isBuy: true,
  amountToken,
  amountQuote,
  priceNative: "0.5",
  volumeNative: "2",
  feesNative: null,
  isWash: null,
  preconfirmed: false,
  txHash: "0xh",
  block: 1,
  logIndex: 0,
  poolAddress: "0xp",
  tokenDecimals,
  quote: { address: "0xq", symbol: "Q", name: "Quote", decimals: 6 },
});

describe("toApiTradeRow", () => {
  it("gives raw amounts in whole units as Number(formatUnits(...)), signed, null without decimals", () => {
    const rnd = seededInts(5);
    for (let i = 0; i < 5_000; i++) {
      let raw = String(1 + rnd(9));
      for (let k = rnd(35); k > 0; k--) raw += String(rnd(10));
      if (rnd(3) === 0) raw += "0".repeat(rnd(20));
      const signed = rnd(4) === 0 ? `-${raw}` : raw;
      const d = rnd(31);
      const row = toApiTradeRow(source(signed, raw, d), 3, false);
      expect(row.amountToken, `${signed} ${d}`).toBe(Number(formatUnits(BigInt(signed), d)));
      expect(row.amountQuote).toBe(Number(formatUnits(BigInt(raw), 6)));
    }
    expect(toApiTradeRow(source("123", "1", null), null, false).amountToken).toBeNull();
  });
});
