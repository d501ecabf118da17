import { type CandlePage, jsonArrayParts } from "@tapeline/core";
import { SerializedJson } from "../../http/SerializedJson.ts";
import { candlePageBody } from "./candlePageBody.ts";
import { candlesJson } from "./candlesJson.ts";
import { serializeOnce } from "./serializeOnce.ts";

/** The single-call candle body (`candlePageBody`), serialized once per page, its candles in parts (jsonArrayParts). */
export const candlePageJson = serializeOnce((page: CandlePage) => {
  const { meta } = candlePageBody(page);
  return new SerializedJson([
    '{"data":',
    ...jsonArrayParts(page.data, candlesJson),
    `,"meta":${JSON.stringify(meta)}}`,
  ]);
});
