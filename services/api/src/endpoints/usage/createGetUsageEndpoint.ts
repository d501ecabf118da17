import { envelope, NotFoundError } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint, type EndpointDef } from "../../endpoint.ts";
import { requireCaller, type UsageDeps } from "./usageDeps.ts";

const query = z.strictObject({});

/** `data` of `GET /v1/usage`: the spec's Usage resource. */
export const usageSummarySchema = z.object({
  keyId: z.string().describe("The calling key."),
  tenant: z.string().describe("The account the key belongs to."),
  plan: z.enum(["payg", "enterprise"]).describe("Pay-as-you-go, or an enterprise contract."),
  month: z.string().describe("The UTC calendar month the figures cover, `YYYY-MM`."),
  scope: z.literal("account").describe("Portal keys report account-wide figures: all keys together."),
  credits: z.object({
    used: z.number().int().describe("Credits charged this month, all keys of the account."),
    limit: z.number().int().describe("Credits usable this month: `used` plus `remaining`."),
    remaining: z
      .number()
      .int()
      .describe(
        "Credits usable now (the `X-Credits-Remaining` figure): carry-over credits left plus what is left of this month's billing allowance (spend cap / price per credit, or the enterprise contract).",
      ),
  }),
  requests: z.number().int().describe("Requests this month, all keys (stream events count one each)."),
});

/** `GET /v1/usage`: this month's figures of the caller's account. 0 credits, always reachable. */
export function createGetUsageEndpoint(deps: UsageDeps): EndpointDef {
  return defineEndpoint({
    method: "GET",
    path: "/v1/usage",
    summary: "Current month usage of the account",
    description:
      "Figures of the current UTC calendar month for the whole account of the calling key: credits used, usable now and in total, and requests. Live (read from the billing counters). Takes no parameters. Costs 0 credits and answers even for suspended accounts.",
    tags: ["usage"],
    query,
    response: z.object({ data: usageSummarySchema, meta: z.object({ asOf: z.number().int() }) }),
    credits: { kind: "free" },
    async handler(req) {
      const caller = requireCaller(req.caller);
      const f = await deps.store.figures(caller.accountId);
      if (!f) throw new NotFoundError("unknown account");
      return {
        body: envelope({
          keyId: caller.keyId,
          tenant: caller.accountId,
          plan: f.plan === "enterprise" ? ("enterprise" as const) : ("payg" as const),
          month: f.month,
          scope: "account" as const,
          credits: { used: f.used, limit: f.used + f.remaining, remaining: f.remaining },
          requests: f.requests,
        }),
      };
    },
  });
}
