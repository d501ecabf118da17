import { InvalidParamError } from "@tapeline/core";
import type { z } from "zod";

/**
 * Turns a zod error on request input into the one `INVALID_PARAM` error the client sees.
 * Query (`scope: "query"`): `details.param` is the parameter name; among several offenders the
 * one appearing first in the request wins (`order`), an unknown key naming itself.
 * Body (`scope: "body"`): `details.param` is the dotted path (`items.3.address`), an unknown field
 * naming its own path, the whole body `body`; `prefix` is prepended when the value judged is a
 * part of the body (a batch entry). A custom issue's `params` (e.g. `field`, `reason`) are copied
 * into `details`.
 */
export function toInvalidParam(
  error: z.ZodError,
  opts: { scope: "query" | "body"; order?: readonly string[]; prefix?: string },
): InvalidParamError {
  const candidates = error.issues.flatMap((issue) => describe(issue, opts.scope, opts.prefix));
  let chosen = candidates[0];
  if (opts.order && candidates.length > 1) {
    const rank = (c: Candidate) => {
      const i = opts.order?.indexOf(c.param.split(".")[0] as string) ?? -1;
      return i < 0 ? Number.MAX_SAFE_INTEGER : i;
    };
    chosen = [...candidates].sort((a, b) => rank(a) - rank(b))[0];
  }
  if (!chosen) return new InvalidParamError(opts.scope === "body" ? "body" : "query", "invalid request");
  return new InvalidParamError(chosen.param, chosen.message, chosen.extra);
}

type Candidate = { param: string; message: string; extra: Record<string, unknown> };

function describe(issue: z.core.$ZodIssue, scope: "query" | "body", prefix?: string): Candidate[] {
  const path = scope === "query" ? issue.path.slice(0, 1) : issue.path;
  const base = [...(prefix ? [prefix] : []), ...path.map(String)].join(".");
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => {
      const param = scope === "query" ? base || key : [base, key].filter(Boolean).join(".");
      return {
        param,
        message:
          scope === "query"
            ? `unknown parameter ${JSON.stringify(param)}`
            : `unknown field ${JSON.stringify(param)}`,
        extra: {},
      };
    });
  }
  const param = base || (scope === "body" ? "body" : "query");
  const missing = issue.code === "invalid_type" && issue.input === undefined;
  const extra = issue.code === "custom" && issue.params ? { ...issue.params } : {};
  return [
    { param, message: missing ? `${param} is required` : `${param}: ${lowerFirst(issue.message)}`, extra },
  ];
}

function lowerFirst(s: string): string {
  return s.length > 0 ? s[0]?.toLowerCase() + s.slice(1) : s;
}
