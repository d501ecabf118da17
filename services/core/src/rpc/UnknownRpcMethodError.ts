import { NotFoundError } from "../errors.ts";

/** 404 `NOT_FOUND`: a query RPC call names a method the contract does not list (`details.method`). */
export class UnknownRpcMethodError extends NotFoundError {
  override name = "UnknownRpcMethodError";
  constructor(method: string) {
    super(`unknown query method ${method}`, { method });
  }
}
