import { type CandlePage, candlesJson, jsonArrayParts } from "@tapeline/core";
import { SerializedJson } from "../../http/SerializedJson.ts";
import { candlePageBody, IMMUTABLE_CACHE } from "./candlePageBody.ts";
import { splitPage } from "./splitPage.ts";

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

/** Bodies made from a shard's page bytes: a cached page comes back as the same bytes in process. */
const made = new WeakMap<Buffer, Made>();

/**
 * The single-call candle answer from a candle page as a shard serialized it: its body
 * (`candlePageBody`), and the immutable cache header when the page is settled. The candles are
 * passed on as they came (`splitPage`), where parsing up to 2,000 of them and serializing them
 * again cost the router milliseconds. A page laid out otherwise (a shard of another version during
 * a rollout) is parsed whole, its candles serialized in parts.
 */
export function candlePageJson(page: Buffer): Made {
  let m = made.get(page);
  if (!m) {
    const cut = splitPage(page, FIELDS);
    const p = cut ? ({ ...cut.fields, data: [] } as unknown as CandlePage) : parsePage(page);
    const meta = `,"meta":${JSON.stringify(candlePageBody(p).meta)}}`;
    m = {
      body: cut
        ? new SerializedJson([cut.rows, meta])
        : new SerializedJson(['{"data":', ...jsonArrayParts(p.data, candlesJson), meta]),
      ...(p.immutable === true ? { headers: { "Cache-Control": IMMUTABLE_CACHE } } : {}),
    };
    made.set(page, m);
  }
  return m;
}

/**
 * The page parsed whole.
 * @throws Error when it is not a page
 */
function parsePage(page: Buffer): CandlePage {
  const p = JSON.parse(page.toString("utf8")) as CandlePage | null;
  if (p === null || typeof p !== "object" || !Array.isArray(p.data))
    throw new Error("not a serialized candle page");
  return p;
}
