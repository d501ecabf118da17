import { defineEndpoint } from "../../endpoint.ts";
import { refItem } from "../market/marketParams.ts";
import { slotsOf } from "../market/marketSchemas.ts";
import { tokenBatch, tokenItemsBody } from "../market/tokenBatch.ts";
import { SECURITY_DESCRIPTION } from "./securityDescription.ts";
import { tokenSecuritySchema } from "./securitySchemas.ts";

/** `POST /v1/token/security` (1 credit per token served). */
export const postTokenSecurity = defineEndpoint({
  method: "POST",
  path: "/v1/token/security",
  summary: "Token security, batch",
  description: `1 to 100 tokens, chains mixed; one slot per token in input order, { error } slots for failing tokens. ${SECURITY_DESCRIPTION}`,
  tags: ["tokens"],
  body: tokenItemsBody,
  response: slotsOf(tokenSecuritySchema),
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  async handler({ body, shards }) {
    return tokenBatch(shards, "tokenSecurity", body.items, refItem, (t) => ({
      chain: t.chain,
      address: t.address,
    }));
  },
});
