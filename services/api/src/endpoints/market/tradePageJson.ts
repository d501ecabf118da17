import { envelope, jsonArrayParts, type TradePage } from "@tapeline/core";
import { SerializedJson } from "../../http/SerializedJson.ts";
import { serializeOnce } from "./serializeOnce.ts";

/**
 * The trade tape body `{ data, meta: { asOf, usdBasis, hasMore, nextCursor } }` (what serializing
 * `envelope` of the page gives), serialized once per page, its rows in parts (jsonArrayParts).
 */
export const tradePageJson = serializeOnce(
  (page: TradePage) =>
    new SerializedJson([
      '{"data":',
      ...jsonArrayParts(page.data),
      `,"meta":${JSON.stringify(envelope(null, { usdBasis: page.usdBasis, hasMore: page.hasMore, nextCursor: page.nextCursor }).meta)}}`,
    ]),
);
