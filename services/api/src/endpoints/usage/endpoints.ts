import { isBillingGate } from "../../billing/isBillingGate.ts";
import type { EndpointDef } from "../../endpoint.ts";
import type { EndpointDeps } from "../../endpointLists.ts";
import { createUsageEndpoints } from "./createUsageEndpoints.ts";

/**
 * The usage group: served from the billing gate's store. Without billing (the open or static-key
 * gate) there are no accounts and so no usage figures, and the group is empty.
 */
export function usageEndpoints(deps: EndpointDeps): EndpointDef[] {
  if (!isBillingGate(deps.gate)) return [];
  return createUsageEndpoints({ store: deps.gate.store, pg: deps.gate.store.pg });
}
