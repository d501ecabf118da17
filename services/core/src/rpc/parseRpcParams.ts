import { InvalidParamError } from "../errors.ts";
import type { QueryApi } from "../ports/query.ts";
import { isQueryRpcMethod, type QueryRpcMethod, queryRpcMethods } from "./queryRpcMethods.ts";
import { UnknownRpcMethodError } from "./UnknownRpcMethodError.ts";

/**
 * Checks a query RPC call against the contract: the method must be listed and its params array
 * must match the method's schema.
 * @returns the parsed params, ready to spread into the method.
 * @throws UnknownRpcMethodError for a method not listed
 * @throws InvalidParamError naming `params` with the failing path in `details.path`
 */
export function parseRpcParams<M extends QueryRpcMethod>(
  method: M | string,
  params: unknown,
): Parameters<QueryApi[M]> {
  if (!isQueryRpcMethod(method)) throw new UnknownRpcMethodError(method);
  const r = queryRpcMethods[method].safeParse(params);
  if (!r.success) {
    const issue = r.error.issues[0];
    const path = issue?.path.join(".") ?? "";
    throw new InvalidParamError("params", `${method}: ${path || "params"}: ${issue?.message ?? "invalid"}`, {
      path,
    });
  }
  return r.data as Parameters<QueryApi[M]>;
}
