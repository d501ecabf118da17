import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { envelopeSerialized } from "../../http/envelopeSerialized.ts";
import { refQuery } from "./marketParams.ts";
import { poolDataSchema } from "./marketSchemas.ts";
import { poolRoute } from "./poolRoute.ts";
import { statsWindowsParam } from "./statsWindowsParam.ts";

/** `GET /v1/pool/data` (1 credit): current state and windowed figures of one market. */
export const getPoolData = defineEndpoint({
  method: "GET",
  path: "/v1/pool/data",
  summary: "Market data",
  description:
    "Price, liquidity, market cap (capped as on GET /v1/token), latest trade time and the stats windows (same fields as token stats) of one market.",
  tags: ["markets"],
  query: z.strictObject({ ...refQuery, windows: statsWindowsParam() }),
  response: z.object({ data: poolDataSchema, meta: z.object({ asOf: z.int() }) }),
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query, shards }) {
    const p = poolRoute(shards, query.chain, query.address);
    return {
      body: envelopeSerialized(
        await shards.serialized(p.key, "poolData", {
          chain: p.chain,
          address: p.address,
          windows: query.windows,
        }),
      ),
    };
  },
});
