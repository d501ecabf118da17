import type { RequestGate } from "../gate.ts";
import type { BillingGate } from "./createBillingGate.ts";

/** True when `gate` is the billing gate (it has accounts and usage behind it). */
export function isBillingGate(gate: RequestGate): gate is BillingGate {
  return "store" in gate && "openStream" in gate;
}
