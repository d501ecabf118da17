import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BillingHarness, createBillingHarness } from "./billingHarness.ts";
import { keyRequest } from "./request.ts";
import { servePortal } from "./servePortal.ts";

const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(
    `portal browser test skipped: ${CHROMIUM} is missing (install it with: apt-get install -y chromium)`,
  );
}

describe.skipIf(!hasChromium)(
  hasChromium
    ? "customer portal in headless Chromium"
    : `customer portal in headless Chromium: SKIPPED, ${CHROMIUM} is missing (apt-get install -y chromium)`,
  () => {
    let h: BillingHarness;
    let url: string;
    let browser: Browser;
    let accountId: string;
    beforeAll(async () => {
      h = await createBillingHarness("portal");
      url = await servePortal(h);
      const account = await h.accounts.createAccount({
        email: "carol@example.com",
        name: "Carol",
        password: "carol-portal-pass",
      });
      accountId = account.id;
      await h.accounts.grantCredits(account.id, 250, "test grant");
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-quic",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
        ],
      });
    });
    afterAll(async () => {
      await browser?.close();
      await h?.close();
    });

    it("signs in, creates a key shown once, revokes it, and the revoked key gets the auth error", async () => {
      const page = await browser.newPage();
      await page.goto(`${url}/portal`);
      await page.fill("#sign-in-form input[name=email]", "carol@example.com");
      await page.fill("#sign-in-form input[name=password]", "carol-portal-pass");
      await page.click("#sign-in-form button[type=submit]");
      await page.waitForSelector("#dashboard:not([hidden])");
      expect(await page.textContent("[data-testid=credits-remaining]")).toBe("250");

      await page.fill("#new-key-name", "trading bot");
      await page.click("#create-key-form button[type=submit]");
      await page.waitForSelector("[data-testid=new-secret]:not([hidden])");
      const secret = (await page.textContent("[data-testid=new-secret-value]"))?.trim() ?? "";
      expect(secret).toMatch(/^tl_[A-Za-z0-9_-]{43}$/);
      const row = page.locator("tr[data-testid=key-row]", { hasText: "trading bot" });
      await row.waitFor();
      expect(await row.textContent()).not.toContain(secret);

      // The key works against the API and its call shows up in the portal's figures.
      const served = await keyRequest(`${url}/v1/token`, secret);
      expect(served.status).toBe(200);
      expect(served.headers["x-credits-remaining"]).toBe("249");

      // Shown once: after a reload the secret is nowhere on the page or in the portal's answers.
      await page.reload();
      await page.waitForSelector("#dashboard:not([hidden])");
      await page.locator("tr[data-testid=key-row]", { hasText: "trading bot" }).waitFor();
      expect(await page.content()).not.toContain(secret);
      expect(await page.isHidden("[data-testid=new-secret]")).toBe(true);
      expect(await page.textContent("[data-testid=credits-remaining]")).toBe("249");
      const keysJson = await page.evaluate(async () => (await fetch("/portal/api/keys")).text());
      expect(keysJson).toContain("trading bot");
      expect(keysJson).not.toContain(secret);
      expect(await page.locator("[data-testid=usage-chart] svg rect").count()).toBe(24);

      page.once("dialog", (d) => void d.accept());
      await page
        .locator("tr[data-testid=key-row]", { hasText: "trading bot" })
        .getByRole("button", { name: "Revoke" })
        .click();
      await page
        .locator("tr[data-testid=key-row]", { hasText: "trading bot" })
        .waitFor({ state: "detached" });
      expect(await h.accounts.listKeys(accountId)).toEqual([]);

      const refused = await keyRequest(`${url}/v1/token`, secret);
      expect(refused.status).toBe(401);
      expect(refused.body.error).toMatchObject({ code: "UNAUTHORIZED", details: { reason: "invalid_key" } });
      await page.close();
    });
  },
);
