import type { Context, UniverseStore } from "@tapeline/core";
import type { EndpointDef } from "./endpoint.ts";
import { marketEndpoints } from "./endpoints/market/endpoints.ts";
import { metaEndpoints } from "./endpoints/meta/endpoints.ts";
import { pulseEndpoints } from "./endpoints/pulse/endpoints.ts";
import { screenerEndpoints } from "./endpoints/screener/endpoints.ts";
import { searchEndpoints } from "./endpoints/search/endpoints.ts";
import { tokenFactsEndpoints } from "./endpoints/tokenFacts/endpoints.ts";
import { traderEndpoints } from "./endpoints/traders/endpoints.ts";
import { usageEndpoints } from "./endpoints/usage/endpoints.ts";
import { walletEndpoints } from "./endpoints/wallet/endpoints.ts";
import type { RequestGate } from "./gate.ts";

/** What an endpoint group may need to build its list (the usage group reads the gate's store). */
export type EndpointDeps = {
  ctx: Context;
  gate: RequestGate;
  /** where the screener reads universe snapshots (the jobs write them); no screener without it */
  universe?: UniverseStore | null;
};

/**
 * Every endpoint group the API serves, listed here by hand so that grepping a group's file name
 * finds where it is mounted. A new group is one import and one entry below
 * (`endpointLists.test.ts` fails when a group folder is missing from this list).
 */
export function createEndpointLists(deps: EndpointDeps): EndpointDef[][] {
  return [
    marketEndpoints,
    metaEndpoints,
    pulseEndpoints,
    screenerEndpoints(deps.universe ?? null),
    searchEndpoints,
    tokenFactsEndpoints,
    traderEndpoints,
    usageEndpoints(deps),
    walletEndpoints,
  ];
}
