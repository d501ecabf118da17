import type { EndpointDef } from "../../endpoint.ts";
import { getChains } from "./getChains.ts";

/** The meta group: facts about the deployment itself. */
export const metaEndpoints: EndpointDef[] = [getChains];
