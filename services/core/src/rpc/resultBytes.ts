import { candlesJson } from "../candlesJson.ts";
import { JsonText } from "../JsonText.ts";
import { jsonBytes } from "../jsonBytes.ts";
import { utf8Bytes } from "../utf8Bytes.ts";
import type { QueryRpcMethod } from "./queryRpcMethods.ts";

/** Methods answering a candle page, whose candles `candlesJson` writes faster than `JSON.stringify`. */
const CANDLE_PAGES: ReadonlySet<QueryRpcMethod> = new Set<QueryRpcMethod>(["poolOhlcv", "tokenOhlcv"]);

/** The JSON bytes of a method's result as a shard answers it (`jsonBytes`: a page's rows in parts). */
export function resultBytes(method: QueryRpcMethod, result: object): Buffer {
  return CANDLE_PAGES.has(method) ? jsonBytes(result, candlesJson) : jsonBytes(result);
}

/**
 * The bytes a shard answers for a method's result, as its RPC app and the in-process client
 * both send them: a `JsonText` as its text, `undefined` as null, an object through
 * `resultBytes`. Cached results (a hot candle page, a token snapshot) come back as the same
 * object for a while, so each object is serialized once.
 */
export function createResultSerializer(): (method: QueryRpcMethod, result: unknown) => Buffer {
  const serialized = new WeakMap<object, Buffer>();
  return (method, result) => {
    if (result instanceof JsonText) return utf8Bytes(result.text);
    if (result === null || typeof result !== "object") return utf8Bytes(JSON.stringify(result ?? null));
    let bytes = serialized.get(result);
    if (!bytes) {
      bytes = resultBytes(method, result);
      serialized.set(result, bytes);
    }
    return bytes;
  };
}
