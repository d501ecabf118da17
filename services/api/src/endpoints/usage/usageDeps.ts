import { UnauthorizedError } from "@tapeline/core";
import type pg from "pg";
import type { BillingStore } from "../../billing/createBillingStore.ts";
import type { Caller } from "../../endpoint.ts";

/** What the usage endpoints read: the billing store (Redis) and Postgres. */
export type UsageDeps = { store: BillingStore; pg: pg.Pool };

/** The authenticated caller; usage always belongs to a key, so the open gate gets a 401. */
export function requireCaller(caller: Caller | null): Caller {
  if (!caller)
    throw new UnauthorizedError("usage figures need an API key in the Authorization header", "missing_key");
  return caller;
}
