import { SerializedJson } from "../../http/SerializedJson.ts";

const HEAD = Buffer.from('{"data":');
const META = ',"usdBasis":';

/** Bodies made from a shard's page bytes: a cached page comes back as the same bytes in process. */
const made = new WeakMap<Buffer, SerializedJson>();

/**
 * The trade tape body `{ data, meta: { asOf, usdBasis, hasMore, nextCursor } }` spliced out of a
 * trade page as a shard serialized it (`{ data, usdBasis, hasMore, nextCursor }`), without parsing
 * it: the router passes a page of hundreds of kilobytes on as it came, where parsing it and
 * serializing it again cost it several milliseconds. The last `,"usdBasis":` is the page's own key
 * (a raw quote never occurs inside a JSON string, and no row has that key). The same bytes give
 * the same body (and `asOf`), as a shard's cached page gives the same bytes.
 * @throws Error when `page` is not a serialized trade page
 */
export function tradePageJson(page: Buffer, asOf = Date.now()): SerializedJson {
  let body = made.get(page);
  if (!body) {
    const at = page.lastIndexOf(META);
    if (at < 0 || !page.subarray(0, HEAD.length).equals(HEAD)) throw new Error("not a serialized trade page");
    body = new SerializedJson([page.subarray(0, at), `,"meta":{"asOf":${asOf}`, page.subarray(at), "}"]);
    made.set(page, body);
  }
  return body;
}
