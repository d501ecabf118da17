/** Billing state of an account, as stored; `active` serves billable calls. */
export type AccountBillingState =
  | "active"
  | "pending"
  | "verify_payment"
  | "payment_processing"
  | "payment_failed";

/**
 * The payment side of billing, behind one interface so a deployment chooses its payment network
 * in configuration. Credits, caps and counters stay in the billing layer; the provider only
 * attaches payment methods and is told what each month's usage costs.
 */
export interface BillingProvider {
  readonly name: string;
  /**
   * Attaches a payment method to an account.
   * @param input.token the provider's payment-method token from the portal (null for providers that need none)
   * @returns the provider's reference to store, and the billing state the account moves to
   *   (`verify_payment` or `payment_processing` while the provider checks it, `active` once usable)
   */
  attachPaymentMethod(input: {
    accountId: string;
    email: string;
    token: string | null;
  }): Promise<{ reference: string; state: AccountBillingState }>;
  /**
   * Reports the cumulative credits of a month billed beyond carry-over credits, and their price.
   * Called after each usage flush that changed them; cumulative figures make repeats harmless.
   */
  reportUsage(input: {
    accountId: string;
    month: string;
    paidCredits: number;
    amountNanoUsd: bigint;
  }): Promise<void>;
}
