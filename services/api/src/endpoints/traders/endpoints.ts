import type { EndpointDef } from "../../endpoint.ts";
import { getPoolTopTraders } from "./getPoolTopTraders.ts";
import { getTokenTopTraders } from "./getTokenTopTraders.ts";

/** The traders group: who trades a market or a token. */
export const traderEndpoints: EndpointDef[] = [getPoolTopTraders, getTokenTopTraders];
