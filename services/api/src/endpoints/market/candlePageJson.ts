import { type CandlePage, candlesJson } from "@tapeline/core";
import { SerializedJson } from "../../http/SerializedJson.ts";
import { candlePageBody, IMMUTABLE_CACHE } from "./candlePageBody.ts";
import { pageParts } from "./splitPage.ts";

/** The fields every candle page has after its rows, as the query service lays them out (`nextEndTime`, on some pages, comes last). */
const FIELDS = [
  "interval",
  "count",
  "oldestTime",
  "newestTime",
  "hasMore",
  "pools",
  "quote",
  "immutable",
  "asOf",
];

/** A candle endpoint's answer: the body, and a settled page's immutable cache header. */
type Made = { body: SerializedJson; headers?: Record<string, string> };

/** Answers made from a shard's page bytes: a cached page comes back as the same bytes in process. */
const made = new WeakMap<Buffer, Made>();

/**
 * The single-call candle answer from a candle page as a shard serialized it: its body
 * (`candlePageBody`), and the immutable cache header when the page is settled. The candles are
 * passed on as they came (`pageParts`), where parsing up to 2,000 of them and serializing them
 * again cost the router milliseconds.
 * @throws Error when `page` is not a page
 */
export function candlePageJson(page: Buffer): Made {
  let m = made.get(page);
  if (!m) {
    const { rows, fields } = pageParts(page, FIELDS, candlesJson);
    const p = { ...fields, data: [] } as unknown as CandlePage;
    m = {
      body: new SerializedJson([...rows, `,"meta":${JSON.stringify(candlePageBody(p).meta)}}`]),
      ...(p.immutable === true ? { headers: { "Cache-Control": IMMUTABLE_CACHE } } : {}),
    };
    made.set(page, m);
  }
  return m;
}
