import type { CandlePage, TradePage, TradeRow } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { candlePageBody } from "./candlePageBody.ts";
import { candlePageJson } from "./candlePageJson.ts";
import { tradePageJson } from "./tradePageJson.ts";

// more rows than one serialized part holds, so the parts' joins are inside the page
const ROWS = 130;

describe("page bodies serialized in parts", () => {
  it("a trade page is byte for byte the serialized envelope of its rows", () => {
    const data = Array.from(
      { length: ROWS },
      (_, i) =>
        ({
          id: `0x${i.toString(16).padStart(64, "a")}:${i}`,
          at: 1_760_000_000_000 + i,
          maker: `0x${"cd".repeat(20)}`,
          isBuy: i % 2 === 0,
          amountToken: i === 7 ? null : 1234.5678 * i,
          quoteToken: {
            address: `0x${"ee".repeat(20)}`,
            symbol: i === 3 ? "Pépé 🐸" : "WETH",
            name: null,
            decimals: 18,
          },
          priceNative: 1e-7 * (i + 1),
          isWash: null,
          block: 12_345_678 + i,
        }) as unknown as TradeRow,
    );
    const page: TradePage = { data, usdBasis: "spot", hasMore: true, nextCursor: "c1" };
    const text = tradePageJson(page).bytes.toString("utf8");
    const asOf = (JSON.parse(text) as { meta: { asOf: number } }).meta.asOf;
    expect(text).toBe(
      JSON.stringify({ data, meta: { asOf, usdBasis: "spot", hasMore: true, nextCursor: "c1" } }),
    );
  });

  it("a candle page is byte for byte its serialized body, unknown prices included", () => {
    const page = {
      data: Array.from({ length: ROWS }, (_, i) => ({
        time: 1_760_000_000 + i * 60,
        open: i === 5 ? null : 0.000123 * (1 + i / 1e4),
        high: 0.00013,
        low: 0.00012,
        close: 0.000125,
        volume: i === 5 ? null : 12.5 + i,
        volumeToken: 1000 * i,
        trades: i % 9,
      })),
      interval: "1m",
      count: ROWS,
      oldestTime: 1_760_000_000,
      newestTime: 1_760_000_000 + (ROWS - 1) * 60,
      hasMore: false,
      pools: [`0x${"bb".repeat(20)}`],
      quote: "native",
      immutable: false,
      asOf: 1_760_000_123_456,
    } as CandlePage;
    expect(candlePageJson(page).bytes.toString("utf8")).toBe(JSON.stringify(candlePageBody(page)));
  });
});
