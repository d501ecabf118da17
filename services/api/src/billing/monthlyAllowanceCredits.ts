import type { BillingConfig } from "./loadBillingConfig.ts";

/** The account columns that decide its monthly billing allowance. */
export type AllowanceInputs = {
  plan: string;
  spend_cap_cents: string | number;
  contract_credits: string | number | null;
  payment_method: string | null;
};

/**
 * Credits an account may be billed for in one calendar month, beyond its carry-over credits:
 * enterprise accounts their contracted credits; pay-as-you-go accounts with a payment method
 * their spend cap divided by the price per credit (rounded down, so the cap is never passed);
 * accounts without a payment method nothing.
 */
export function monthlyAllowanceCredits(row: AllowanceInputs, config: BillingConfig): number {
  if (row.plan === "enterprise") return Number(row.contract_credits ?? 0);
  if (row.payment_method === null) return 0;
  return Number((BigInt(row.spend_cap_cents) * 10_000_000n) / config.priceNanoUsdPerCredit);
}
