import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { envelopeSerialized } from "../../http/envelopeSerialized.ts";
import { refQuery } from "./marketParams.ts";
import { tokenSnapshotSchema } from "./marketSchemas.ts";
import { tokenRoute } from "./tokenRoute.ts";

/** `GET /v1/token` (1 credit): the whole token snapshot. */
export const getToken = defineEndpoint({
  method: "GET",
  path: "/v1/token",
  summary: "Token details",
  description:
    "The token snapshot: best pool (canonical ranking: liquidity, then latest trade, then age), launchpad block, deployer (the launchpad pool's creator when there is one), all-time highs, 24h stats and metadata. marketCapUsd and fdvUsd are price x total supply, capped at 10,000 x liquidityUsd and at 10^13 USD.",
  tags: ["tokens"],
  query: z.strictObject(refQuery),
  response: z.object({ data: tokenSnapshotSchema, meta: z.object({ asOf: z.int() }) }),
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ query, shards }) {
    const t = tokenRoute(shards, query.chain, query.address);
    return {
      body: envelopeSerialized(
        await shards.serialized(t.key, "tokenSnapshot", { chain: t.chain, address: t.address }),
      ),
    };
  },
});
