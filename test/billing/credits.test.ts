import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountWithKey,
  type BillingHarness,
  createBillingHarness,
  replicaGate,
  testEndpoints,
} from "./billingHarness.ts";
import { keyRequest as call } from "./request.ts";

async function usageRows(h: BillingHarness, accountId: string) {
  const { rows } = await h.db.pool.query<{
    endpoint: string;
    requests: string;
    credits: string;
    errors: string;
  }>(
    `select endpoint, sum(requests) as requests, sum(credits) as credits, sum(errors) as errors
       from usage_buckets where account_id = $1 group by endpoint order by endpoint`,
    [accountId],
  );
  return rows.map((r) => ({
    endpoint: r.endpoint,
    requests: Number(r.requests),
    credits: Number(r.credits),
    errors: Number(r.errors),
  }));
}

const UNLIMITED = { ratePerMinute: 1_000_000, burstPerSecond: 1_000_000, groupCaps: null };

describe("credits under concurrency", () => {
  let h: BillingHarness;
  let url: string;
  beforeAll(async () => {
    // 0.02 USD per credit: a 10 USD spend cap is an allowance of exactly 500 credits.
    h = await createBillingHarness("credits", { priceNanoUsdPerCredit: 20_000_000n, freeCredits: 0 });
    url = (await h.serve()).url;
  });
  afterAll(() => h.close());

  it("serves exactly 500 of 2000 concurrent calls from 500 credits, never goes negative, charges each once", async () => {
    const a = await accountWithKey(h, { credits: 500 });
    await h.accounts.setKeyLimits(a.accountId, a.keyId, UNLIMITED);
    const answers = await Promise.all(Array.from({ length: 2000 }, () => call(`${url}/v1/token`, a.secret)));

    const served = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 402);
    expect(served).toHaveLength(500);
    expect(refused).toHaveLength(1500);
    // No payment method on file: the account needs a person to add one.
    for (const r of refused) {
      expect(r.body.error?.code).toBe("PAYMENT_REQUIRED");
      expect(r.body.error?.details?.action).toBe("add_payment_method");
      expect(r.headers["x-credits-remaining"]).toBe("0");
    }
    // Each served call left a different balance behind it (499 down to 0): no credit spent twice.
    const remainingSeen = served.map((r) => Number(r.headers["x-credits-remaining"])).sort((x, y) => x - y);
    expect(remainingSeen).toEqual(Array.from({ length: 500 }, (_, i) => i));

    const f = await h.gate.store.figures(a.accountId);
    expect(f).toMatchObject({ carryOver: 0, used: 500, remaining: 0, requests: 500 });
    expect(await h.redis.zcard(`${h.prefix}resv:open`)).toBe(0);

    await h.gate.flusher.flush();
    expect(await usageRows(h, a.accountId)).toEqual([
      { endpoint: "GET /v1/token", requests: 500, credits: 500, errors: 0 },
    ]);
    const month = await h.db.pool.query<{ used: string; paid: string }>(
      "select used, paid from account_months where account_id = $1",
      [a.accountId],
    );
    expect(month.rows).toEqual([{ used: "500", paid: "0" }]);
    const acct = await h.db.pool.query<{ credits_left: string }>(
      "select credits_left from accounts where id = $1",
      [a.accountId],
    );
    expect(acct.rows[0]!.credits_left).toBe("0");
  });

  it("spends 500 credits exactly once when four replicas decide 2000 calls at the same moment", async () => {
    const a = await accountWithKey(h, { credits: 500 });
    await h.accounts.setKeyLimits(a.accountId, a.keyId, UNLIMITED);
    const replicas = await Promise.all([0, 1, 2, 3].map(() => replicaGate(h)));
    const endpoint = testEndpoints[0]!;
    const outcomes = await Promise.all(
      Array.from({ length: 2000 }, (_, i) =>
        replicas[i % 4]!.gate.admit({
          endpoint,
          headers: { authorization: a.secret },
          ip: "127.0.0.1",
          items: 1,
        }).then(
          async (adm) => Number((await adm.settle({ status: 200, servedItems: 1 }))["X-Credits-Remaining"]),
          (err: { code?: string }) => err.code,
        ),
      ),
    );
    for (const r of replicas) await r.close();
    const served = outcomes.filter((o): o is number => typeof o === "number");
    expect(served).toHaveLength(500);
    expect(outcomes.filter((o) => o === "PAYMENT_REQUIRED")).toHaveLength(1500);
    // Each served call left a different balance behind: 499 down to 0, every credit spent once.
    expect(served.sort((x, y) => x - y)).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(await h.gate.store.figures(a.accountId)).toMatchObject({ carryOver: 0, used: 500, remaining: 0 });
  });

  it("pauses billable calls at the monthly spend cap with QUOTA_EXCEEDED, and resumes when the cap is raised", async () => {
    const a = await accountWithKey(h, { paymentMethod: true });
    await h.accounts.setSpendCap(a.accountId, "10");
    await h.accounts.setKeyLimits(a.accountId, a.keyId, UNLIMITED);
    const answers = await Promise.all(Array.from({ length: 2000 }, () => call(`${url}/v1/token`, a.secret)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(500);
    const refused = answers.filter((r) => r.status === 402);
    expect(refused).toHaveLength(1500);
    for (const r of refused) {
      expect(r.body.error?.code).toBe("QUOTA_EXCEEDED");
      expect(r.headers["x-credits-remaining"]).toBe("0");
    }
    // Zero-credit endpoints stay reachable while billable calls are paused.
    expect((await call(`${url}/v1/meta/chains`, a.secret)).status).toBe(200);

    await h.accounts.setSpendCap(a.accountId, "10.02");
    const resumed = await call(`${url}/v1/token`, a.secret);
    expect(resumed.status).toBe(200);
    expect(resumed.headers["x-credits-remaining"]).toBe("0");
    expect(await h.gate.store.figures(a.accountId)).toMatchObject({ paid: 501, used: 501, remaining: 0 });
  });

  it("refuses a spend cap outside 0..100000 USD", async () => {
    const a = await accountWithKey(h);
    await expect(h.accounts.setSpendCap(a.accountId, "100000.01")).rejects.toMatchObject({
      code: "INVALID_PARAM",
    });
    await expect(h.accounts.setSpendCap(a.accountId, "-1")).rejects.toMatchObject({ code: "INVALID_PARAM" });
    expect((await h.accounts.setSpendCap(a.accountId, "100000")).spendCapUsd).toBe("100000.00");
    expect((await h.accounts.setSpendCap(a.accountId, 0)).spendCapUsd).toBe("0.00");
  });
});

describe("what is billed", () => {
  let h: BillingHarness;
  let url: string;
  beforeAll(async () => {
    h = await createBillingHarness("billed");
    url = (await h.serve()).url;
  });
  afterAll(() => h.close());

  it("bills batches per served item, error slots and failed calls nothing, and free endpoints never", async () => {
    const a = await accountWithKey(h, { credits: 100 });
    const post = (items: string[]) => call(`${url}/v1/pool`, a.secret, { method: "POST", body: { items } });
    const mixed = await post(["p1", "bad1", "p2"]);
    expect(mixed.status).toBe(200);
    expect(mixed.headers["x-credits-remaining"]).toBe("98");
    const allBad = await post(["bad1", "bad2"]);
    expect(allBad.status).toBe(200);
    expect(allBad.headers["x-credits-remaining"]).toBe("98");
    const notFound = await call(`${url}/v1/token?status=404`, a.secret);
    expect(notFound.status).toBe(404);
    expect(notFound.headers["x-credits-remaining"]).toBe("98");
    const invalid = await call(`${url}/v1/token?nope=1`, a.secret);
    expect(invalid.status).toBe(400);
    const two = await call(`${url}/v1/pool/top-traders`, a.secret);
    expect(two.headers["x-credits-remaining"]).toBe("96");
    const free = await call(`${url}/v1/meta/chains`, a.secret);
    expect(free.status).toBe(200);
    expect(free.headers["x-credits-remaining"]).toBeUndefined();
    expect(free.headers["x-ratelimit-limit"]).toBe(String(h.config.defaults.perMinute));

    await h.gate.flusher.flush();
    expect(await usageRows(h, a.accountId)).toEqual([
      { endpoint: "GET /v1/meta/chains", requests: 1, credits: 0, errors: 0 },
      { endpoint: "GET /v1/pool/top-traders", requests: 1, credits: 2, errors: 0 },
      { endpoint: "GET /v1/token", requests: 1, credits: 0, errors: 1 },
      { endpoint: "POST /v1/pool", requests: 2, credits: 2, errors: 0 },
    ]);
    expect(await h.gate.store.figures(a.accountId)).toMatchObject({ used: 4, remaining: 96 });
  });

  it("settles the calls of one event-loop turn together: each reservation once, refunds and usage exact", async () => {
    const a = await accountWithKey(h, { credits: 100 });
    await h.accounts.setKeyLimits(a.accountId, a.keyId, UNLIMITED);
    const replica = await replicaGate(h);
    const endpoint = testEndpoints[1]!;
    const cost = endpoint.credits.kind === "flat" ? endpoint.credits.amount : 0;
    const admissions = await Promise.all(
      Array.from({ length: 30 }, () =>
        replica.gate.admit({ endpoint, headers: { authorization: a.secret }, ip: "127.0.0.1", items: 1 }),
      ),
    );
    expect(await h.gate.store.figures(a.accountId)).toMatchObject({ used: 30 * cost });
    // 20 served, 10 failed, all settled in the same turn (twice each: still once).
    const statuses = admissions.map((_, i) => (i < 20 ? 200 : 500));
    const settles = admissions.flatMap((adm, i) => [
      adm.settle({ status: statuses[i]!, servedItems: 1 }),
      adm.settle({ status: statuses[i]!, servedItems: 1 }),
    ]);
    await Promise.all(settles);
    await replica.close();
    expect(await h.redis.zcard(`${h.prefix}resv:open`)).toBe(0);
    expect(await h.gate.store.figures(a.accountId)).toMatchObject({
      used: 20 * cost,
      remaining: 100 - 20 * cost,
      requests: 30,
    });
    // A settle replayed after its reservation is gone applies nothing.
    const replay = {
      status: 200,
      cost,
      endpoint: "GET /v1/pool/top-traders",
      keyId: a.keyId,
      accountId: a.accountId,
    };
    expect(
      await h.gate.store.settleCovered([
        { ...replay, reservation: `gone|${a.accountId}|${a.keyId}|2026-01|0|0|${cost}` },
      ]),
    ).toBe(0);
    await h.gate.flusher.flush();
    expect(await usageRows(h, a.accountId)).toEqual([
      { endpoint: "GET /v1/pool/top-traders", requests: 30, credits: 20 * cost, errors: 10 },
    ]);
  });

  it("settles an admission once however often settle is called", async () => {
    const a = await accountWithKey(h, { credits: 10 });
    const endpoint = testEndpoints[1]!;
    const admission = await h.gate.admit({
      endpoint,
      headers: { authorization: a.secret },
      ip: "127.0.0.1",
      items: 1,
    });
    expect(admission.headers["X-Credits-Remaining"]).toBe("8");
    const [first, second] = await Promise.all([
      admission.settle({ status: 200, servedItems: 1 }),
      admission.settle({ status: 200, servedItems: 1 }),
    ]);
    expect(first).toEqual({ "X-Credits-Remaining": "8" });
    expect(second).toEqual(first);
    expect(await h.gate.store.figures(a.accountId)).toMatchObject({ used: 2, remaining: 8 });
  });

  it("gives back credits reserved by a request that never settled, once the reservation times out", async () => {
    const a = await accountWithKey(h, { credits: 10 });
    const endpoint = testEndpoints[1]!;
    await h.gate.admit({ endpoint, headers: { authorization: a.secret }, ip: "127.0.0.1", items: 1 });
    expect(await h.gate.store.figures(a.accountId)).toMatchObject({ remaining: 8 });
    // Age the reservation past the timeout instead of waiting for it.
    const open = `${h.prefix}resv:open`;
    const [id] = await h.redis.zrange(open, 0, 0);
    await h.redis.zadd(open, Date.now() - h.config.reservationTimeoutMs - 1000, id!);
    expect(await h.gate.store.sweepReservations()).toBe(1);
    expect(await h.gate.store.figures(a.accountId)).toMatchObject({ used: 0, remaining: 10 });
  });

  it("grants the free credits once per account, when a payment method is first added", async () => {
    const a = await accountWithKey(h);
    expect((await h.gate.store.figures(a.accountId))?.remaining).toBe(0);
    await h.accounts.addPaymentMethod(a.accountId, null);
    await h.accounts.addPaymentMethod(a.accountId, null);
    const f = await h.gate.store.figures(a.accountId);
    expect(f?.carryOver).toBe(100_000);
    const grants = await h.db.pool.query("select credits from credit_grants where account_id = $1", [
      a.accountId,
    ]);
    expect(grants.rows).toEqual([{ credits: "100000" }]);
    // Free credits first, then the allowance (default cap 10,000 USD at 0.00001 USD per credit).
    expect(f?.remaining).toBe(100_000 + 1_000_000_000);
    const r = await call(`${url}/v1/token`, a.secret);
    expect(r.headers["x-credits-remaining"]).toBe(String(100_000 + 1_000_000_000 - 1));
  });
});
