import { defineEndpoint } from "../../endpoint.ts";
import { sparklineBatch, sparklineBatchBody } from "./sparklineBatch.ts";
import { SPARKLINE_RULES, sparklineResponse } from "./sparklineBody.ts";
import { tokenRoute } from "./tokenRoute.ts";

/** `POST /v1/token/sparklines` (1 credit per token): sparklines of tokens' pricing pools, keyed by token address. */
export const postTokenSparklines = defineEndpoint({
  method: "POST",
  path: "/v1/token/sparklines",
  summary: "Token sparklines, batch",
  description: `Body: tokens (1 to 100 { chain, address }), timeframe, quote, timestamps. Each token's pricing pool (rank 1 of its pools) is resolved at request time; data maps each token address to its points. ${SPARKLINE_RULES}`,
  tags: ["tokens"],
  body: sparklineBatchBody("tokens"),
  response: sparklineResponse,
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  demo: true,
  countItems: (body) => body.tokens.length,
  async handler({ body, shards }) {
    const routes = body.tokens.map((t, i) => tokenRoute(shards, t.chain, t.address, `tokens.${i}.`));
    return sparklineBatch(shards, "tokenSparkline", body, routes);
  },
});
