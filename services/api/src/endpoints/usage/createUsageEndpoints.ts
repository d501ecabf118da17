import type { EndpointDef } from "../../endpoint.ts";
import { createGetUsageBreakdownEndpoint } from "./createGetUsageBreakdownEndpoint.ts";
import { createGetUsageEndpoint } from "./createGetUsageEndpoint.ts";
import { createGetUsageHistoryEndpoint } from "./createGetUsageHistoryEndpoint.ts";
import type { UsageDeps } from "./usageDeps.ts";

/** The usage introspection endpoints (0 credits, always reachable; a key sees only its own account). */
export function createUsageEndpoints(deps: UsageDeps): EndpointDef[] {
  return [
    createGetUsageEndpoint(deps),
    createGetUsageHistoryEndpoint(deps),
    createGetUsageBreakdownEndpoint(deps),
  ];
}
