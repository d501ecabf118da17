import { candlesJson } from "../candlesJson.ts";
import { jsonBytes } from "../jsonBytes.ts";
import type { QueryRpcMethod } from "./queryRpcMethods.ts";

/** Methods answering a candle page, whose candles `candlesJson` writes faster than `JSON.stringify`. */
const CANDLE_PAGES: ReadonlySet<QueryRpcMethod> = new Set<QueryRpcMethod>(["poolOhlcv", "tokenOhlcv"]);

/** The JSON bytes of a method's result as a shard answers it (`jsonBytes`: a page's rows in parts). */
export function resultBytes(method: QueryRpcMethod, result: object): Buffer {
  return CANDLE_PAGES.has(method) ? jsonBytes(result, candlesJson) : jsonBytes(result);
}
