import type { EndpointDef } from "../../endpoint.ts";
import { getSearch } from "./getSearch.ts";

/** The search group: tokens and markets by address, symbol or name. */
export const searchEndpoints: EndpointDef[] = [getSearch];
