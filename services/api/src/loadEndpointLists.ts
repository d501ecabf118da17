import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Context } from "@tapeline/core";
import type { EndpointDef } from "./endpoint.ts";
import type { RequestGate } from "./gate.ts";

const ENDPOINTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "endpoints");

/** What an endpoint group may need to build its list (the usage group reads the gate's store). */
export type EndpointDeps = { ctx: Context; gate: RequestGate };

/**
 * The shape of `src/endpoints/<group>/endpoints.ts`: a fixed list, or a factory for groups that
 * need the running gate or context.
 */
export type EndpointListModule = {
  endpoints?: EndpointDef[];
  createEndpoints?: (deps: EndpointDeps) => EndpointDef[] | Promise<EndpointDef[]>;
};

/**
 * Collects every endpoint group shipped with the API: each `src/endpoints/<group>/endpoints.ts`
 * exporting `endpoints: EndpointDef[]` or `createEndpoints(deps)`, in group-name order. A group
 * plugs in by adding that file; nothing else is edited.
 * @throws Error when a group file exports neither.
 */
export async function loadEndpointLists(deps: EndpointDeps, dir = ENDPOINTS_DIR): Promise<EndpointDef[][]> {
  const lists: EndpointDef[][] = [];
  const groups = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const group of groups) {
    const file = path.join(dir, group, "endpoints.ts");
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as EndpointListModule;
    if (typeof mod.createEndpoints === "function") lists.push(await mod.createEndpoints(deps));
    else if (Array.isArray(mod.endpoints)) lists.push(mod.endpoints);
    else throw new Error(`${file} must export endpoints: EndpointDef[] or createEndpoints(deps)`);
  }
  return lists;
}
