import { defineEndpoint } from "../../endpoint.ts";
import { poolRoute } from "./poolRoute.ts";
import { sparklineBatch, sparklineBatchBody } from "./sparklineBatch.ts";
import { SPARKLINE_RULES, sparklineResponse } from "./sparklineBody.ts";

/** `POST /v1/pools/sparklines` (1 credit per market): price sparklines keyed by pool address. */
export const postPoolsSparklines = defineEndpoint({
  method: "POST",
  path: "/v1/pools/sparklines",
  summary: "Market sparklines, batch",
  description: `1 to 100 markets across chains; data maps each pool address to its points. A malformed item is a 400 naming it. ${SPARKLINE_RULES}`,
  tags: ["markets"],
  body: sparklineBatchBody("markets"),
  response: sparklineResponse,
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  demo: true,
  async handler({ body, shards }) {
    const routes = body.markets.map((m, i) => poolRoute(shards, m.chain, m.address, `markets.${i}.`));
    return sparklineBatch(shards, "poolSparkline", body, routes);
  },
});
