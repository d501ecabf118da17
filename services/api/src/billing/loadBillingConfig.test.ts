import { ConfigError } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { loadBillingConfig } from "./loadBillingConfig.ts";
import { monthlyAllowanceCredits } from "./monthlyAllowanceCredits.ts";

describe("loadBillingConfig", () => {
  it("has the contract's defaults: 100,000 free credits, a 10,000 USD cap, items at 10x the burst", () => {
    const c = loadBillingConfig({});
    expect(c.freeCredits).toBe(100_000);
    expect(c.defaultSpendCapUsd).toBe(10_000);
    expect(c.itemFactor).toBe(10);
    expect(c.defaults.burstPerSecond * c.itemFactor).toBe(400);
    expect(c.priceNanoUsdPerCredit).toBe(10_000n);
    expect(c.provider.name).toBe("local");
  });

  it("parses the price exactly and turns a cap into whole credits, rounding down", () => {
    const c = loadBillingConfig({ BILLING_PRICE_PER_CREDIT_USD: "0.000003" });
    expect(c.priceNanoUsdPerCredit).toBe(3000n);
    // 10 USD at 0.000003 USD per credit is 3,333,333.33 credits: never more than the cap buys.
    const row = { plan: "payg", spend_cap_cents: "1000", contract_credits: null, payment_method: "local:x" };
    expect(monthlyAllowanceCredits(row, c)).toBe(3_333_333);
    expect(monthlyAllowanceCredits({ ...row, payment_method: null }, c)).toBe(0);
    expect(monthlyAllowanceCredits({ ...row, plan: "enterprise", contract_credits: "42" }, c)).toBe(42);
  });

  it("reports every bad variable at once", () => {
    const bad = {
      BILLING_PRICE_PER_CREDIT_USD: "free",
      BILLING_DEFAULT_SPEND_CAP_USD: "100001",
      RATE_LIMIT_GROUP_CAPS: "wallet=lots",
      BILLING_PROVIDER: "paypal",
    };
    try {
      loadBillingConfig(bad);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems).toHaveLength(4);
    }
  });
});
