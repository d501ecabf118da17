import { envelope, jsonArrayParts, type TradePage } from "@tapeline/core";
import { SerializedJson } from "../../http/SerializedJson.ts";
import { splitPage } from "./splitPage.ts";

/** The fields of a trade page besides its rows, in the order its meta shows them. */
const FIELDS = ["usdBasis", "hasMore", "nextCursor"] as const;

/** Bodies made from a shard's page bytes: a cached page comes back as the same bytes in process. */
const made = new WeakMap<Buffer, SerializedJson>();

/**
 * The trade tape body `{ data, meta: { asOf, usdBasis, hasMore, nextCursor } }` from a trade page
 * as a shard serialized it (`{ data, usdBasis, hasMore, nextCursor }`): its rows are passed on as
 * they came (`splitPage`), where parsing a page of hundreds of kilobytes and serializing it again
 * cost the router several milliseconds. A page laid out otherwise (a shard of another version
 * during a rollout) is parsed whole. The same bytes give the same body (and `asOf`), as a shard's
 * cached page gives the same bytes.
 */
export function tradePageJson(page: Buffer, asOf = Date.now()): SerializedJson {
  let body = made.get(page);
  if (!body) {
    const cut = splitPage(page, FIELDS);
    const f = cut?.fields ?? parsePage(page);
    const meta = `,"meta":${JSON.stringify(envelope(null, { usdBasis: f.usdBasis, hasMore: f.hasMore, nextCursor: f.nextCursor }, asOf).meta)}}`;
    body = cut
      ? new SerializedJson([cut.rows, meta])
      : new SerializedJson(['{"data":', ...jsonArrayParts((f as TradePage).data), meta]);
    made.set(page, body);
  }
  return body;
}

/**
 * The page parsed whole.
 * @throws Error when it is not a page
 */
function parsePage(page: Buffer): TradePage {
  const p = JSON.parse(page.toString("utf8")) as TradePage | null;
  if (p === null || typeof p !== "object" || !Array.isArray(p.data))
    throw new Error("not a serialized trade page");
  return p;
}
