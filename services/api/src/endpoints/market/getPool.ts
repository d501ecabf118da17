import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { envelopeSerialized } from "../../http/envelopeSerialized.ts";
import { refQuery } from "./marketParams.ts";
import { marketDefinitionSchema } from "./marketSchemas.ts";
import { poolRoute } from "./poolRoute.ts";

/** `GET /v1/pool` (1 credit): one market definition, from the cache the batch shares. */
export const getPool = defineEndpoint({
  method: "GET",
  path: "/v1/pool",
  summary: "Market definition",
  description:
    "Query: chain, address (pool address or 32-byte pool id). Unknown pool: 404. The body equals the slot data of POST /v1/pool.",
  tags: ["markets"],
  query: z.strictObject(refQuery),
  response: z.object({ data: marketDefinitionSchema, meta: z.object({ asOf: z.int() }) }),
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query, shards }) {
    const p = poolRoute(shards, query.chain, query.address);
    return {
      body: envelopeSerialized(
        await shards.serialized(p.key, "poolDefinition", { chain: p.chain, address: p.address }),
      ),
    };
  },
});
