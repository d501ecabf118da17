import { ApiError, InvalidParamError } from "@tapeline/core";
import { type ScreenerQuery, screenerQuery } from "../endpoints/screener/createScreenerEndpoints.ts";
import { toInvalidParam } from "../http/toInvalidParam.ts";

/**
 * A screener channel's `params`, judged by the same schema as `GET /v1/screener`'s query: the
 * parameters keep their names and bounds; in JSON a list may be an array (`chains`, `windows`),
 * the filter tree an object, and numbers numbers. A stream follows the first page, so `cursor`
 * is refused.
 * @throws InvalidParamError naming `params.<parameter>`
 */
export function parseScreenerParams(input: Record<string, unknown>): ScreenerQuery {
  if (input.cursor !== undefined) {
    throw new InvalidParamError("params.cursor", "a screener stream follows the first page: no cursor");
  }
  const form: Record<string, string> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) form[k] = v.map(String).join(",");
    else if (typeof v === "object") form[k] = JSON.stringify(v);
    else form[k] = String(v);
  }
  const r = screenerQuery.safeParse(form);
  if (!r.success) throw prefixed(toInvalidParam(r.error, { scope: "query", order: Object.keys(input) }));
  return r.data;
}

/** An INVALID_PARAM about a screener parameter, renamed `params.<parameter>` as stream errors name them. */
export function prefixed(err: unknown): unknown {
  if (!(err instanceof ApiError) || err.code !== "INVALID_PARAM") return err;
  const { param, ...rest } = (err.details ?? {}) as { param?: string };
  return new InvalidParamError(`params.${param ?? "query"}`, err.message, rest);
}
