import type { CandlePage } from "@tapeline/core";
import { candlePageBody } from "./candlePageBody.ts";
import { candlesJson } from "./candlesJson.ts";
import { serializeOnce } from "./serializeOnce.ts";

/** The single-call candle body (`candlePageBody`), serialized once per page. */
export const candlePageJson = serializeOnce((page: CandlePage) => {
  const { meta } = candlePageBody(page);
  return `{"data":${candlesJson(page.data)},"meta":${JSON.stringify(meta)}}`;
});
