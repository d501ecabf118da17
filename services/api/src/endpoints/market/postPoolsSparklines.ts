import { envelope, InvalidParamError, isEvm, type SparklinePoint } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { refItem } from "./marketParams.ts";
import { poolRoute } from "./poolRoute.ts";
import { SPARKLINE_RULES, sparklineOptions, sparklineResponse } from "./sparklineBody.ts";

/** `POST /v1/pools/sparklines` (1 credit per market): price sparklines keyed by pool address. */
export const postPoolsSparklines = defineEndpoint({
  method: "POST",
  path: "/v1/pools/sparklines",
  summary: "Market sparklines, batch",
  description: `1 to 100 markets across chains; data maps each pool address to its points. A malformed item is a 400 naming it. ${SPARKLINE_RULES}`,
  tags: ["markets"],
  body: z.strictObject({ markets: z.array(refItem).min(1).max(100), ...sparklineOptions }),
  response: sparklineResponse,
  credits: { kind: "perItem", amount: 1 },
  batch: true,
  demo: true,
  async handler({ body, shards }) {
    const routes = body.markets.map((m, i) => poolRoute(shards, m.chain, m.address, `markets.${i}.`));
    if (body.quote === "usd" && routes.some((r) => isEvm(r.chain))) {
      throw new InvalidParamError("quote", "quote=usd is served on Solana only");
    }
    const points = await Promise.all(
      routes.map((r) =>
        r.shard.poolSparkline({
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
      servedItems: body.markets.length,
    };
  },
});
