import type { EndpointDef } from "../../endpoint.ts";
import { getPulse } from "./getPulse.ts";

/** The pulse group: launchpad lifecycle views. */
export const pulseEndpoints: EndpointDef[] = [getPulse];
