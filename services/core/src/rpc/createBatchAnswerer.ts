import { errorSlot } from "../batch.ts";
import { toApiError } from "../errors.ts";
import { JsonText } from "../JsonText.ts";
import type { QueryApi } from "../ports/query.ts";
import { utf8Bytes } from "../utf8Bytes.ts";
import { parseRpcParams } from "./parseRpcParams.ts";
import { type QueryBatchMethod, queryBatchMethods } from "./queryRpcMethods.ts";

/** Runs one batch method for many items and answers each item's serialized slot. */
export type BatchAnswerer = (method: QueryBatchMethod, items: readonly unknown[]) => Promise<Buffer[]>;

/** Items of one batch run at once on a shard; the rest wait for a free lane. */
const LANES = 16;

/**
 * Answers batch calls against a QueryApi (a shard's own, or the dev stack's in-process one).
 * Each item is validated against the method's schema and run alone: a bad or failing item
 * becomes its own `{ error: { code, message } }` slot. A result is turned into its slot (see
 * `queryBatchMethods`) and serialized once per result object: the market queries answer a hot
 * key with the same object for about a second, so its slot bytes are reused meanwhile. A
 * `JsonText` result is already its slot's text.
 */
export function createBatchAnswerer(api: QueryApi): BatchAnswerer {
  const memo = new Map<QueryBatchMethod, WeakMap<object, Buffer>>();

  function slotOf(method: QueryBatchMethod, result: unknown): Buffer {
    if (result instanceof JsonText) return utf8Bytes(result.text);
    const spec = queryBatchMethods[method] as { slot?: (r: unknown) => object };
    const cacheable = result !== null && typeof result === "object";
    let cache = memo.get(method);
    if (!cache) {
      cache = new WeakMap();
      memo.set(method, cache);
    }
    const hit = cacheable ? cache.get(result) : undefined;
    if (hit) return hit;
    const bytes = utf8Bytes(JSON.stringify(spec.slot ? spec.slot(result) : { data: result }));
    if (cacheable) cache.set(result, bytes);
    return bytes;
  }

  return async (method, items) => {
    const fn = api[method] as (q: unknown) => Promise<unknown>;
    const slots: Buffer[] = new Array(items.length);
    let next = 0;
    async function lane(): Promise<void> {
      while (next < items.length) {
        const i = next++;
        try {
          const [q] = parseRpcParams(method, [items[i]]);
          slots[i] = slotOf(method, await fn.call(api, q));
        } catch (err) {
          slots[i] = Buffer.from(JSON.stringify(errorSlot(toApiError(err))));
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(LANES, items.length) }, lane));
    return slots;
  };
}
