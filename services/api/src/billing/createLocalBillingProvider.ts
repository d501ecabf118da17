import type { BillingProvider } from "./BillingProvider.ts";

/**
 * The provider for self-hosted deployments: no payment network. Adding a payment method records
 * a local reference and makes the account active at once; usage is kept only in this service's
 * own tables (`account_months`, `usage_buckets`), which is the invoice of record.
 */
export function createLocalBillingProvider(): BillingProvider {
  return {
    name: "local",
    async attachPaymentMethod({ accountId }) {
      return { reference: `local:${accountId}`, state: "active" };
    },
    async reportUsage() {},
  };
}
