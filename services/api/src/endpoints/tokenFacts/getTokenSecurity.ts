import { envelope } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { refQuery } from "../market/marketParams.ts";
import { metaSchema } from "../market/marketSchemas.ts";
import { tokenRoute } from "../market/tokenRoute.ts";
import { SECURITY_DESCRIPTION } from "./securityDescription.ts";
import { tokenSecuritySchema } from "./securitySchemas.ts";

/** `GET /v1/token/security` (1 credit). */
export const getTokenSecurity = defineEndpoint({
  method: "GET",
  path: "/v1/token/security",
  summary: "Token security",
  description: SECURITY_DESCRIPTION,
  tags: ["tokens"],
  query: z.strictObject(refQuery),
  response: z.object({ data: tokenSecuritySchema, meta: metaSchema }),
  credits: { kind: "flat", amount: 1 },
  async handler({ query, shards }) {
    const t = tokenRoute(shards, query.chain, query.address);
    return { body: envelope(await t.shard.tokenSecurity({ chain: t.chain, address: t.address })) };
  },
});
