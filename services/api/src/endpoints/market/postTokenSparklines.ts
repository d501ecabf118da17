import { envelope, InvalidParamError, isEvm, type SparklinePoint } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { refItem } from "./marketParams.ts";
import { SPARKLINE_RULES, sparklineOptions, sparklineResponse } from "./sparklineBody.ts";
import { tokenRoute } from "./tokenRoute.ts";

/** `POST /v1/token/sparklines` (1 credit per token): sparklines of tokens' pricing pools, keyed by token address. */
export const postTokenSparklines = defineEndpoint({
  method: "POST",
  path: "/v1/token/sparklines",
  summary: "Token sparklines, batch",
  description: `Body: tokens (1 to 100 { chain, address }), timeframe, quote, timestamps. Each token's pricing pool (rank 1 of its pools) is resolved at request time; data maps each token address to its points. ${SPARKLINE_RULES}`,
  tags: ["tokens"],
  body: z.strictObject({ tokens: z.array(refItem).min(1).max(100), ...sparklineOptions }),
  response: sparklineResponse,
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  demo: true,
  countItems: (body) => body.tokens.length,
  async handler({ body, shards }) {
    const routes = body.tokens.map((t, i) => tokenRoute(shards, t.chain, t.address, `tokens.${i}.`));
    if (body.quote === "usd" && routes.some((r) => isEvm(r.chain))) {
      throw new InvalidParamError("quote", "quote=usd is served on Solana only");
    }
    const points = await Promise.all(
      routes.map((r) =>
        r.shard.tokenSparkline({
          chain: r.chain,
          address: r.address,
          timeframe: body.timeframe,
          quote: body.quote,
          timestamps: body.timestamps,
        }),
      ),
    );
    const data: Record<string, SparklinePoint[]> = {};
    routes.forEach((r, i) => {
      data[r.address] = points[i] as SparklinePoint[];
    });
    return {
      body: envelope(data, { timeframe: body.timeframe, quote: body.quote }),
      servedItems: body.tokens.length,
    };
  },
});
