import type { EndpointDef } from "../../endpoint.ts";
import { getPoolTopTraders } from "./getPoolTopTraders.ts";
import { getTokenDevTokens } from "./getTokenDevTokens.ts";
import { getTokenTopTraders } from "./getTokenTopTraders.ts";

/** The traders group: who trades a market or a token, and who deployed it. */
export const traderEndpoints: EndpointDef[] = [getPoolTopTraders, getTokenTopTraders, getTokenDevTokens];
