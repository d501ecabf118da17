import type { EndpointDef } from "../../endpoint.ts";
import { getTokenHolders } from "./getTokenHolders.ts";
import { getTokenMetadata } from "./getTokenMetadata.ts";
import { getTokenSecurity } from "./getTokenSecurity.ts";
import { postTokenSecurity } from "./postTokenSecurity.ts";

/** The token facts group: what a buyer checks about a token beyond its market (security, metadata, holders). */
export const tokenFactsEndpoints: EndpointDef[] = [
  getTokenSecurity,
  postTokenSecurity,
  getTokenMetadata,
  getTokenHolders,
];
