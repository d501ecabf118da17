import { envelope } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";

/** `GET /v1/prices/native` (1 credit): the native coin's USD price per chain. */
export const getNativePrices = defineEndpoint({
  method: "GET",
  path: "/v1/prices/native",
  summary: "Native coin prices",
  description:
    "Keyed by chain id: symbol, priceUsd, source, stale (latest price older than 5 minutes), updatedAt (minute of the latest price, ms). Chains without any price are left out.",
  tags: ["prices"],
  query: z.strictObject({}),
  response: z.object({
    data: z.record(
      z.string(),
      z.object({
        symbol: z.string(),
        priceUsd: z.number(),
        source: z.string(),
        stale: z.boolean(),
        updatedAt: z.int(),
      }),
    ),
    meta: z.object({ asOf: z.int() }),
  }),
  credits: { kind: "flat", amount: 1 },
  demo: true,
  async handler({ shards }) {
    return { body: envelope(await shards.any().nativePrices()) };
  },
});
