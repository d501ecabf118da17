/**
 * Writes `services/client/src/apiTypes.ts`: the TypeScript types of every `/v1` operation, made by
 * openapi-typescript from the OpenAPI document the router serves (itself built from the endpoints'
 * zod schemas). `test/client/apiTypes.test.ts` fails when the file and the schemas drift apart.
 * Run: `npx tsx scripts/generateClientTypes.ts`.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createContext, createMemoryCache, createUniverseStore, isMainModule } from "@tapeline/core";
import { Redis } from "ioredis";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import pg from "pg";
import { createBillingGate } from "../services/api/src/billing/createBillingGate.ts";
import { loadBillingConfig } from "../services/api/src/billing/loadBillingConfig.ts";
import { createEndpointLists } from "../services/api/src/endpointLists.ts";
import { buildOpenApi } from "../services/api/src/openapi/buildOpenApi.ts";

export const CLIENT_TYPES_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../services/client/src/apiTypes.ts",
);

const HEADER = `/**
 * The REST API's operations as TypeScript types, generated from the OpenAPI document by
 * scripts/generateClientTypes.ts. Do not edit: run \`npx tsx scripts/generateClientTypes.ts\`.
 */
`;

/**
 * The router's OpenAPI document with every endpoint group it serves with billing and the screener
 * on. The billing gate's connections are lazy and never opened: only the schemas are read.
 */
export async function routerOpenApi(): Promise<Record<string, unknown>> {
  const ctx = createContext({ name: "openapi", level: "silent" });
  const redis = new Redis({ lazyConnect: true });
  const pool = new pg.Pool();
  try {
    const gate = createBillingGate({ redis, pg: pool, config: loadBillingConfig({}), ctx, flush: false });
    const universe = createUniverseStore(createMemoryCache());
    const endpoints = createEndpointLists({ ctx, gate, universe }).flat();
    return buildOpenApi(endpoints.filter((e) => e.path.startsWith("/v1/")));
  } finally {
    redis.disconnect();
    await pool.end();
  }
}

/** The text of `apiTypes.ts` for the current schemas. */
export async function generateClientTypes(): Promise<string> {
  const doc = await routerOpenApi();
  const ast = await openapiTS(doc as unknown as OpenAPI3, { alphabetize: true });
  return `${HEADER}${astToString(ast)}`;
}

if (isMainModule(import.meta.url)) {
  writeFileSync(CLIENT_TYPES_PATH, await generateClientTypes());
  console.log(`wrote ${CLIENT_TYPES_PATH}`);
}
