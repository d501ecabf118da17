import { z } from "zod";
import { routedBatch } from "../../batch/routedBatch.ts";
import { slotsBody } from "../../batch/slotsBody.ts";
import { defineEndpoint } from "../../endpoint.ts";
import { batchItems } from "../../schema/batchItems.ts";
import { parseBatchItem } from "../../schema/parseBatchItem.ts";
import { normalizeCandleTime } from "./candleTimeParam.ts";
import { checkCandleBounds } from "./checkCandleBounds.ts";
import { canonicalInterval } from "./intervalParam.ts";
import { candleSlotSchema } from "./marketSchemas.ts";
import { poolRoute } from "./poolRoute.ts";
import { toCandleOptions } from "./toCandleOptions.ts";

const seconds = z.int().min(0).max(Number.MAX_SAFE_INTEGER).transform(normalizeCandleTime);

/** One market of the candles batch, judged alone. */
const candleItem = z.strictObject({
  chain: z.string(),
  address: z.string(),
  endTime: seconds.optional(),
  from: seconds.optional(),
});

/** `POST /v1/pool/ohlcv` (5 credits per market served): candles of 1 to 10 markets. */
export const postPoolOhlcv = defineEndpoint({
  method: "POST",
  path: "/v1/pool/ohlcv",
  summary: "Market candles, batch",
  description:
    "Each slot is identical to GET /v1/pool/ohlcv of that market with the shared options ({ data, interval, count, oldestTime, newestTime, hasMore, nextEndTime?, pools }) or { error }: NOT_FOUND for an unknown market, INVALID_PARAM for a malformed item (address, a field of the wrong type, an unknown field), from after endTime, endTime over a day ahead, or quote=usd on a chain without USD history. An unknown interval is a 400 for the whole call.",
  tags: ["candles"],
  body: z.strictObject({
    items: batchItems(candleItem, { min: 1, max: 10 }),
    interval: z
      .string()
      .default("5m")
      .transform((v, ctx) => {
        const key = canonicalInterval(v);
        if (key) return key;
        ctx.issues.push({ code: "custom", message: "unknown interval", input: v });
        return z.NEVER;
      }),
    limit: z.int().min(1).max(2000).default(200),
    quote: z.enum(["native", "usd"]).default("native"),
    fill: z.boolean().default(true),
  }),
  response: z.object({
    data: z.array(candleSlotSchema),
    meta: z.object({ asOf: z.int(), interval: z.string(), quote: z.enum(["native", "usd"]) }),
  }),
  credits: { kind: "perItem", amount: 5 },
  batch: true,
  demo: true,
  async handler({ body, shards }) {
    const slots = await routedBatch(shards, "poolOhlcv", body.items, (raw, i) => {
      const item = parseBatchItem(candleItem, raw, `items.${i}`);
      const p = poolRoute(shards, item.chain, item.address);
      checkCandleBounds(item);
      return {
        key: p.key,
        param: {
          chain: p.chain,
          address: p.address,
          ...toCandleOptions({ ...body, endTime: item.endTime, from: item.from }),
        },
      };
    });
    return slotsBody(slots, { interval: body.interval, quote: body.quote });
  },
});
