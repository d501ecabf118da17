import type { z } from "zod";
import { toInvalidParam } from "../http/toInvalidParam.ts";

/**
 * Judges one entry of a batch list (see `batchItems`) against its strict item schema.
 * @param path where the entry sits in the body (`items.3`), prefixed to the offending field
 * @throws InvalidParamError naming the field (`items.3.address`, `items.3.bogus`), which the
 *   batch turns into that entry's `{ error }` slot
 */
export function parseBatchItem<T extends z.ZodType>(schema: T, raw: unknown, path: string): z.output<T> {
  const r = schema.safeParse(raw);
  if (!r.success) throw toInvalidParam(r.error, { scope: "body", prefix: path });
  return r.data;
}
