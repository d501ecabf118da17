import type { EndpointDef } from "../../endpoint.ts";
import { getPoolTopTraders } from "./getPoolTopTraders.ts";

/** The traders group: who trades a market. */
export const traderEndpoints: EndpointDef[] = [getPoolTopTraders];
