import type { SerializedJson } from "../../http/SerializedJson.ts";

/**
 * Wraps a body serializer (result object to its serialized JSON) so each result object is serialized once:
 * the market queries answer a hot page or snapshot with the same object for about a second, so
 * its JSON is built once per computation rather than once per request. Results must not change
 * after they are returned.
 */
export function serializeOnce<T extends object>(
  toJson: (result: T) => SerializedJson,
): (result: T) => SerializedJson {
  const memo = new WeakMap<T, SerializedJson>();
  return (result) => {
    let body = memo.get(result);
    if (!body) {
      body = toJson(result);
      memo.set(result, body);
    }
    return body;
  };
}
