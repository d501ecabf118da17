import { envelope } from "@tapeline/core";
import { SerializedJson } from "../../http/SerializedJson.ts";
import { pageParts } from "./splitPage.ts";

/** The fields of a trade page besides its rows, in the order its meta shows them. */
const FIELDS = ["usdBasis", "hasMore", "nextCursor"];

/** Bodies made from a shard's page bytes: a cached page comes back as the same bytes in process. */
const made = new WeakMap<Buffer, SerializedJson>();

/**
 * The trade tape body `{ data, meta: { asOf, usdBasis, hasMore, nextCursor } }` from a trade page
 * as a shard serialized it (`{ data, usdBasis, hasMore, nextCursor }`): its rows are passed on as
 * they came (`pageParts`), where parsing a page of hundreds of kilobytes and serializing it again
 * cost the router several milliseconds. The same bytes give the same body (and `asOf`), as a
 * shard's cached page gives the same bytes.
 * @throws Error when `page` is not a page
 */
export function tradePageJson(page: Buffer, asOf = Date.now()): SerializedJson {
  let body = made.get(page);
  if (!body) {
    const { rows, fields: f } = pageParts(page, FIELDS);
    const meta = envelope(
      null,
      { usdBasis: f.usdBasis, hasMore: f.hasMore, nextCursor: f.nextCursor },
      asOf,
    ).meta;
    body = new SerializedJson([...rows, `,"meta":${JSON.stringify(meta)}}`]);
    made.set(page, body);
  }
  return body;
}
