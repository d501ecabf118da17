import { z } from "zod";
import { documented } from "./documented.ts";

/**
 * The list of a batch body: `min` to `max` entries, each taken as it came. The list's bounds are
 * the body's own rules (a 400 for the whole call); each entry is judged by `item` later, one at a
 * time with `parseBatchItem`, so a malformed entry fails its own slot and never the others (the
 * contract: "one failing item never fails the others"). The OpenAPI document shows `item`'s shape.
 * @example items: batchItems(refItem, { min: 1, max: 100 })
 */
export function batchItems(item: z.ZodType, opts: { min: number; max: number; description?: string }) {
  const itemDoc = z.toJSONSchema(item, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  delete itemDoc.$schema;
  return documented(z.array(z.unknown()).min(opts.min).max(opts.max), {
    type: "array",
    minItems: opts.min,
    maxItems: opts.max,
    items: itemDoc,
    ...(opts.description ? { description: opts.description } : {}),
  });
}
