import { envelope, type TradePage } from "@tapeline/core";
import { serializeOnce } from "./serializeOnce.ts";

/** The trade tape body `{ data, meta: { asOf, usdBasis, hasMore, nextCursor } }`, serialized once per page. */
export const tradePageJson = serializeOnce((page: TradePage) =>
  JSON.stringify(
    envelope(page.data, { usdBasis: page.usdBasis, hasMore: page.hasMore, nextCursor: page.nextCursor }),
  ),
);
