import { InvalidParamError } from "@tapeline/core";

/** Parses a USD amount (`"250"`, `"99.5"`, 120) into cents, refusing anything outside 0..100000. */
export function spendCapCents(usd: string | number): bigint {
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(String(usd).trim());
  if (!m) throw new InvalidParamError("spendCapUsd", "the spend cap is a USD amount with at most 2 decimals");
  const cents = BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
  if (cents > 10_000_000n)
    throw new InvalidParamError("spendCapUsd", "the spend cap is between 0 and 100000 USD");
  return cents;
}
