import { envelope, InvalidParamError } from "@tapeline/core";
import { z } from "zod";
import { readUsageTotals } from "../../billing/readUsageTotals.ts";
import { defineEndpoint, type EndpointDef } from "../../endpoint.ts";
import { requireCaller, type UsageDeps } from "./usageDeps.ts";
import { msTime, usageScope } from "./usageQueryParams.ts";

/** Bucket sizes of the history, in ms, and the default span of a query at each size. */
export const HISTORY_BUCKETS = {
  "15m": { ms: 900_000, span: 86_400_000 },
  "1h": { ms: 3_600_000, span: 86_400_000 },
  "6h": { ms: 21_600_000, span: 7 * 86_400_000 },
  "1d": { ms: 86_400_000, span: 30 * 86_400_000 },
} as const;

/** At most this many points per answer. */
export const MAX_HISTORY_POINTS = 1000;

const query = z.strictObject({
  bucket: z
    .enum(["15m", "1h", "6h", "1d"])
    .default("1h")
    .describe("Bucket size. Buckets are aligned to the unix epoch, so `1d` buckets are UTC days."),
  from: msTime
    .optional()
    .describe(
      "Start, unix ms, rounded down to its bucket. Default: `to` minus 24 hours (15m, 1h), 7 days (6h) or 30 days (1d).",
    ),
  to: msTime.optional().describe("End (exclusive), unix ms, rounded up to a bucket boundary. Default: now."),
  scope: usageScope,
});

const point = z.object({
  at: z.number().int().describe("Bucket start, unix ms."),
  requests: z.number().int().describe("Requests answered (stream channels: delivered events)."),
  credits: z.number().int().describe("Credits charged."),
  errors: z.number().int().describe("Requests answered with a non-2xx status (not billed)."),
});

/** `GET /v1/usage/history`: requests and credits over time for the calling key (or its account). */
export function createGetUsageHistoryEndpoint(deps: UsageDeps): EndpointDef {
  return defineEndpoint({
    method: "GET",
    path: "/v1/usage/history",
    summary: "Usage time series",
    description:
      "Requests, credits and errors per time bucket (`15m`, `1h`, `6h`, `1d`) for the calling key, or with `scope=account` for every key of its account. Every bucket of the range is present, oldest first; a bucket without traffic has zeros. At most 1000 buckets per call. Stream channels are included. Costs 0 credits.",
    tags: ["usage"],
    query,
    response: z.object({
      data: z.array(point),
      meta: z.object({
        asOf: z.number().int(),
        bucket: z.enum(["15m", "1h", "6h", "1d"]),
        scope: z.enum(["key", "account"]),
        from: z.number().int().describe("Start of the first bucket."),
        to: z.number().int().describe("End of the last bucket (exclusive)."),
      }),
    }),
    credits: { kind: "free" },
    async handler(req) {
      const caller = requireCaller(req.caller);
      const { bucket, scope } = req.query;
      const size = HISTORY_BUCKETS[bucket];
      const now = Date.now();
      const to = Math.ceil((req.query.to ?? now) / size.ms) * size.ms;
      const from = Math.floor((req.query.from ?? to - size.span) / size.ms) * size.ms;
      if (from >= to) throw new InvalidParamError("from", "from must be before to");
      if ((to - from) / size.ms > MAX_HISTORY_POINTS) {
        throw new InvalidParamError(
          "from",
          `at most ${MAX_HISTORY_POINTS} buckets per call; narrow the range`,
        );
      }
      const totals = await readUsageTotals(deps, {
        accountId: caller.accountId,
        keyId: scope === "key" ? caller.keyId : null,
        from,
        to,
        groupBy: "bucket",
        bucketMs: size.ms,
      });
      const data = [];
      for (let at = from; at < to; at += size.ms) {
        const t = totals.get(String(at)) ?? { requests: 0, credits: 0, errors: 0 };
        data.push({ at, ...t });
      }
      return { body: envelope(data, { bucket, scope, from, to }, now) };
    },
  });
}
