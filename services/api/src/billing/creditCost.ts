import type { EndpointDef } from "../endpoint.ts";

/**
 * Credits one call of `endpoint` costs for `items` items: flat endpoints cost their amount,
 * per-item endpoints `amount * items`, free endpoints 0.
 */
export function creditCost(credits: EndpointDef["credits"], items: number): number {
  if (credits.kind === "free") return 0;
  if (credits.kind === "flat") return credits.amount;
  return credits.amount * items;
}
