import { type CandlePage, jsonBytes, type TradePage, type TradeRow } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { candlePageBody, IMMUTABLE_CACHE } from "./candlePageBody.ts";
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
    for (const page of [
      { data, usdBasis: "spot", hasMore: true, nextCursor: "c1" },
      { data: data.slice(0, 1), usdBasis: "trade", hasMore: false, nextCursor: null },
      { data: [], usdBasis: "spot", hasMore: false, nextCursor: null },
    ] satisfies TradePage[]) {
      // as a shard serializes it in parts (jsonBytes), serialized whole, and laid out otherwise
      // (fields first, or a field of another version right after the rows): parsed whole
      const { data: _rows, ...fields } = page;
      for (const bytes of [
        jsonBytes(page),
        Buffer.from(JSON.stringify(page)),
        Buffer.from(JSON.stringify({ ...fields, data: page.data })),
        Buffer.from(JSON.stringify({ data: page.data, more: 1, ...fields })),
        Buffer.from(JSON.stringify({ ...page, last: "x" })),
      ]) {
        const { data: rows, ...meta } = page;
        expect(tradePageJson(bytes, 1_760_000_999_000).bytes.toString("utf8")).toBe(
          JSON.stringify({ data: rows, meta: { asOf: 1_760_000_999_000, ...meta } }),
        );
      }
    }
  });

  it("a trade page's body is spliced at the page's own key, the same bytes giving the same body", () => {
    // a row's text holding the key's characters is escaped, so it cannot be taken for the key
    const row = { id: "a", quoteToken: { symbol: '],"usdBasis":"x"' } } as unknown as TradeRow;
    const page: TradePage = { data: [row], usdBasis: "spot", hasMore: false, nextCursor: null };
    const bytes = jsonBytes(page);
    const body = tradePageJson(bytes, 1);
    expect(JSON.parse(body.bytes.toString("utf8"))).toEqual({
      data: [row],
      meta: { asOf: 1, usdBasis: "spot", hasMore: false, nextCursor: null },
    });
    expect(tradePageJson(bytes, 2)).toBe(body);
    expect(() => tradePageJson(Buffer.from('{"error":{"code":"INTERNAL"}}'))).toThrow(
      "not a serialized page",
    );
    expect(() => tradePageJson(Buffer.from('[{"usdBasis":1},"x"]'))).toThrow("not a serialized page");
  });

  it("a candle page is byte for byte its serialized body, with its settled flag, unknown prices included", () => {
    // laid out as the query service lays a page out
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
    for (const p of [
      page,
      { ...page, hasMore: true, immutable: true, nextEndTime: 1_759_999_940 },
      { ...page, data: [], count: 0, oldestTime: null, newestTime: null },
    ] satisfies CandlePage[]) {
      const { data, ...fields } = p;
      const { count, ...others } = fields;
      for (const bytes of [
        jsonBytes(p),
        Buffer.from(JSON.stringify(p)),
        Buffer.from(JSON.stringify({ ...fields, data })),
        // a field moved before the first one looked for: parsed whole
        Buffer.from(JSON.stringify({ data, count, ...others })),
      ]) {
        const made = candlePageJson(bytes);
        expect(made.body.bytes.toString("utf8")).toBe(JSON.stringify(candlePageBody(p)));
        expect(made.headers?.["Cache-Control"]).toBe(p.immutable ? IMMUTABLE_CACHE : undefined);
      }
    }
    expect(() => candlePageJson(Buffer.from('{"error":{}}'))).toThrow("not a serialized page");
  });
});
