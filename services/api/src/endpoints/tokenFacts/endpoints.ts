import type { EndpointDef } from "../../endpoint.ts";
import { getTokenSecurity } from "./getTokenSecurity.ts";
import { postTokenSecurity } from "./postTokenSecurity.ts";

/** The token facts group: what a buyer checks about a token beyond its market (security). */
export const tokenFactsEndpoints: EndpointDef[] = [getTokenSecurity, postTokenSecurity];
