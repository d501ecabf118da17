import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { TEST_REDIS_URL } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../../services/api/src/admin/runAdminCommand.ts";
import { type BillingHarness, createBillingHarness } from "./billingHarness.ts";
import { keyRequest } from "./request.ts";

const run = promisify(execFile);

describe("admin CLI", () => {
  let h: BillingHarness;
  let url: string;
  beforeAll(async () => {
    h = await createBillingHarness("admin");
    url = (await h.serve()).url;
  });
  afterAll(() => h.close());

  /** Runs the real CLI process against this suite's database and Redis prefix. */
  async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        ["--import", "tsx", "services/api/src/admin/cli.ts", ...args],
        {
          env: {
            ...process.env,
            DATABASE_URL: h.db.url,
            REDIS_URL: TEST_REDIS_URL,
            BILLING_REDIS_PREFIX: h.prefix,
          },
        },
      );
      return { code: 0, out: stdout, err: stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, out: err.stdout, err: err.stderr };
    }
  }

  it("creates an account, grants credits and suspends it from the command line", async () => {
    const created = await cli("create-account", "--email", "dave@example.com", "--name", "Dave");
    expect(created.code).toBe(0);
    const account = JSON.parse(created.out) as { id: string; state: string; suspended: boolean };
    expect(account).toMatchObject({ state: "active", suspended: false });

    const granted = await cli("grant-credits", "--account", account.id, "--credits", "40");
    expect(granted.code).toBe(0);
    expect(JSON.parse(granted.out)).toMatchObject({ granted: 40, credits: { carryOver: 40, remaining: 40 } });

    const key = await h.accounts.createKey(account.id, "cli test");
    const served = await keyRequest(`${url}/v1/token`, key.secret);
    expect(served.headers["x-credits-remaining"]).toBe("39");

    expect((await cli("suspend", "--account", account.id)).code).toBe(0);
    const refused = await keyRequest(`${url}/v1/token`, key.secret);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.details?.action).toBe("account_suspended");

    const unknown = await cli("grant-credits", "--account", "acct_nope", "--credits", "1");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("NOT_FOUND");
  });

  it("resumes, sets states, plans and caps through the same commands", async () => {
    const deps = { accounts: h.accounts, store: h.gate.store };
    const account = (await runAdminCommand(["create-account", "--email", "erin@example.com"], deps)) as {
      id: string;
    };
    const key = await h.accounts.createKey(account.id, "k");
    await runAdminCommand(["grant-credits", "--account", account.id, "--credits", "10"], deps);
    await runAdminCommand(["suspend", "--account", account.id], deps);
    await runAdminCommand(["set-state", "--account", account.id, "--state", "verify_payment"], deps);
    // Resuming restores the billing state held under the suspension.
    await runAdminCommand(["resume", "--account", account.id], deps);
    const pending = await keyRequest(`${url}/v1/token`, key.secret);
    expect(pending.status).toBe(402);
    expect(pending.body.error?.details?.action).toBe("verify_payment");
    await runAdminCommand(["set-state", "--account", account.id, "--state", "active"], deps);
    expect((await keyRequest(`${url}/v1/token`, key.secret)).status).toBe(200);

    await runAdminCommand(
      ["set-plan", "--account", account.id, "--plan", "enterprise", "--contract-credits", "5"],
      deps,
    );
    const shown = (await runAdminCommand(["show", "--email", "erin@example.com"], deps)) as {
      credits: { remaining: number; allowance: number };
    };
    expect(shown.credits).toMatchObject({ allowance: 5, remaining: 9 + 5 });

    await expect(
      runAdminCommand(["set-state", "--account", account.id, "--state", "bogus"], deps),
    ).rejects.toMatchObject({
      code: "INVALID_PARAM",
    });
    await expect(runAdminCommand(["frobnicate"], deps)).rejects.toMatchObject({ code: "INVALID_PARAM" });
  });

  it("opens and closes the screener stream channels of one key, surviving a key limits change", async () => {
    const deps = { accounts: h.accounts, store: h.gate.store };
    const account = await h.accounts.createAccount({ email: "fay@example.com", name: "fay" });
    await h.accounts.addPaymentMethod(account.id, null);
    const key = await h.accounts.createKey(account.id, "k");
    const enabled = async () => (await h.gate.openStream(key.secret)).screenerStreams;
    expect(await enabled()).toBe(false);
    const set = (on: string) =>
      runAdminCommand(
        ["set-screener-streams", "--account", account.id, "--key", key.id, "--enabled", on],
        deps,
      );
    await set("true");
    expect(await enabled()).toBe(true);
    await runAdminCommand(
      ["set-key-limits", "--account", account.id, "--key", key.id, "--per-minute", "99"],
      deps,
    );
    expect(await enabled()).toBe(true);
    await set("false");
    expect(await enabled()).toBe(false);
    await expect(set("maybe")).rejects.toMatchObject({
      code: "INVALID_PARAM",
      details: { param: "enabled" },
    });
    await expect(
      runAdminCommand(
        ["set-screener-streams", "--account", account.id, "--key", "key_nope", "--enabled", "true"],
        deps,
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
