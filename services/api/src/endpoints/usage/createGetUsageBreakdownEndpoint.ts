import { envelope, InvalidParamError } from "@tapeline/core";
import { z } from "zod";
import { monthStart } from "../../billing/monthStart.ts";
import { readUsageTotals, USAGE_BUCKET_MS } from "../../billing/readUsageTotals.ts";
import { defineEndpoint, type EndpointDef } from "../../endpoint.ts";
import { requireCaller, type UsageDeps } from "./usageDeps.ts";
import { msTime, usageScope } from "./usageQueryParams.ts";

const query = z.strictObject({
  from: msTime
    .optional()
    .describe("Start, unix ms, rounded down to 15 minutes. Default: the start of the current UTC month."),
  to: msTime.optional().describe("End (exclusive), unix ms, rounded up to 15 minutes. Default: now."),
  scope: usageScope,
});

const row = z.object({
  endpoint: z
    .string()
    .describe("`<METHOD> <path>` for REST calls (`GET /v1/token`), `stream:<channel>` for stream channels."),
  kind: z.enum(["rest", "stream"]),
  requests: z.number().int().describe("Requests answered; for stream channels, delivered events."),
  credits: z.number().int().describe("Credits charged."),
  errors: z.number().int().describe("Non-2xx answers (not billed)."),
});

/** `GET /v1/usage/breakdown`: usage per endpoint and stream channel for the calling key (or its account). */
export function createGetUsageBreakdownEndpoint(deps: UsageDeps): EndpointDef {
  return defineEndpoint({
    method: "GET",
    path: "/v1/usage/breakdown",
    summary: "Usage per endpoint",
    description:
      "Requests, credits and errors per endpoint, stream channels included (`stream:trades`, ...), for the calling key, or with `scope=account` for every key of its account. Sorted by credits, then requests, descending; endpoints without traffic in the range are absent. Costs 0 credits.",
    tags: ["usage"],
    query,
    response: z.object({
      data: z.array(row),
      meta: z.object({
        asOf: z.number().int(),
        scope: z.enum(["key", "account"]),
        from: z.number().int(),
        to: z.number().int(),
      }),
    }),
    credits: { kind: "free" },
    async handler(req) {
      const caller = requireCaller(req.caller);
      const now = Date.now();
      const to = Math.ceil((req.query.to ?? now) / USAGE_BUCKET_MS) * USAGE_BUCKET_MS;
      const from = Math.floor((req.query.from ?? monthStart(now)) / USAGE_BUCKET_MS) * USAGE_BUCKET_MS;
      if (from >= to) throw new InvalidParamError("from", "from must be before to");
      const totals = await readUsageTotals(deps, {
        accountId: caller.accountId,
        keyId: req.query.scope === "key" ? caller.keyId : null,
        from,
        to,
        groupBy: "endpoint",
      });
      const data = [...totals.entries()]
        .map(([endpoint, t]) => ({
          endpoint,
          kind: endpoint.startsWith("stream:") ? ("stream" as const) : ("rest" as const),
          ...t,
        }))
        .sort(
          (a, b) => b.credits - a.credits || b.requests - a.requests || a.endpoint.localeCompare(b.endpoint),
        );
      return { body: envelope(data, { scope: req.query.scope, from, to }, now) };
    },
  });
}
