import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountWithKey,
  type BillingHarness,
  createBillingHarness,
  replicaGate,
  testEndpoints,
} from "./billingHarness.ts";
import { type Answer, keyRequest } from "./request.ts";

/** Waits what `Retry-After` says (whole seconds, as a client would). */
async function honour(r: Answer): Promise<void> {
  const seconds = Number(r.headers["retry-after"]);
  expect(Number.isInteger(seconds) && seconds >= 1).toBe(true);
  await sleep(seconds * 1000);
}

function served(answers: Answer[]): number {
  return answers.filter((r) => r.status === 200).length;
}

/** The clock the limits run on: Redis TIME, in ms. */
async function redisMs(h: BillingHarness): Promise<number> {
  const [s, us] = await h.redis.time();
  return Number(s) * 1000 + Math.floor(Number(us) / 1000);
}

/**
 * What a limit of `limit` per `periodMs` may admit to a burst spread over `elapsedMs`: the whole
 * allowance at once, plus what refills meanwhile. The assertions allow one request beyond it.
 */
function allowedWithin(limit: number, periodMs: number, elapsedMs: number): number {
  return limit + Math.floor((elapsedMs * limit) / periodMs);
}

describe("per-key rate limits", () => {
  let h: BillingHarness;
  let url: string;
  beforeAll(async () => {
    h = await createBillingHarness("ratelimits", {
      defaults: { perMinute: 1200, burstPerSecond: 40, groupCaps: { wallet: 6 } },
    });
    url = (await h.serve()).url;
  });
  afterAll(() => h.close());

  it("holds the burst cap to within one request when replicas race for it", async () => {
    const a = await accountWithKey(h, { credits: 10_000 });
    await h.accounts.setKeyLimits(a.accountId, a.keyId, {
      ratePerMinute: 100_000,
      burstPerSecond: 10,
      groupCaps: null,
    });
    // Four gates with their own Redis connections stand for four API replicas; calling admit
    // directly puts all 200 decisions inside a few milliseconds, so refill cannot blur the count.
    const replicas = await Promise.all([0, 1, 2, 3].map(() => replicaGate(h)));
    const endpoint = testEndpoints[0]!;
    // Load the key into Redis first, so no decision waits for Postgres (this spends one burst slot).
    await h.gate.store.ensureAccountLoaded(a.accountId);
    await replicas[0]!.gate.admit({
      endpoint: testEndpoints[4]!,
      headers: { authorization: a.secret },
      ip: "127.0.0.1",
      items: 1,
    });
    const started = await redisMs(h);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        replicas[i % 4]!.gate.admit({
          endpoint,
          headers: { authorization: a.secret },
          ip: "127.0.0.1",
          items: 1,
        }).then(
          async (adm) => {
            await adm.settle({ status: 200, servedItems: 1 });
            return "served";
          },
          (err: { code?: string }) => err.code,
        ),
      ),
    );
    const elapsed = (await redisMs(h)) - started;
    for (const r of replicas) await r.close();
    const ok = outcomes.filter((o) => o === "served").length;
    expect(ok).toBeGreaterThanOrEqual(9);
    expect(ok).toBeLessThanOrEqual(allowedWithin(10, 1000, elapsed) - 1 + 1);
    expect(outcomes.filter((o) => o === "RATE_LIMITED")).toHaveLength(200 - ok);
    expect((await h.gate.store.figures(a.accountId))?.used).toBe(ok);
  });

  it("answers a burst over HTTP with 429, X-RateLimit headers and a Retry-After after which the call succeeds", async () => {
    const a = await accountWithKey(h, { credits: 10_000 });
    await h.accounts.setKeyLimits(a.accountId, a.keyId, {
      ratePerMinute: 100_000,
      burstPerSecond: 10,
      groupCaps: null,
    });
    const answers = await Promise.all(
      Array.from({ length: 80 }, () => keyRequest(`${url}/v1/token`, a.secret)),
    );
    const ok = served(answers);
    expect(ok).toBeGreaterThanOrEqual(10);
    const limited = answers.filter((r) => r.status === 429);
    expect(limited).toHaveLength(80 - ok);
    for (const r of limited) {
      expect(r.body.error?.code).toBe("RATE_LIMITED");
      expect(r.headers["x-ratelimit-burst-limit"]).toBe("10");
      expect(r.headers["x-ratelimit-limit"]).toBe("100000");
      // A 429 of a billable endpoint tells the credits left too: none of the refused calls spent any.
      const credits = Number(r.headers["x-credits-remaining"]);
      expect(credits).toBeGreaterThanOrEqual(10_000 - ok);
      expect(credits).toBeLessThanOrEqual(10_000);
    }
    // Refused calls are not billed.
    expect((await h.gate.store.figures(a.accountId))?.used).toBe(ok);
    await honour(limited.at(-1)!);
    expect((await keyRequest(`${url}/v1/token`, a.secret)).status).toBe(200);
  });

  it("holds the minute limit under concurrency to within one request, and retrying after Retry-After succeeds", async () => {
    const a = await accountWithKey(h, { credits: 10_000 });
    await h.accounts.setKeyLimits(a.accountId, a.keyId, {
      ratePerMinute: 60,
      burstPerSecond: 1000,
      groupCaps: null,
    });
    const started = await redisMs(h);
    const answers = await Promise.all(
      Array.from({ length: 150 }, () => keyRequest(`${url}/v1/token`, a.secret)),
    );
    const elapsed = (await redisMs(h)) - started;
    const ok = served(answers);
    expect(ok).toBeGreaterThanOrEqual(60);
    expect(ok).toBeLessThanOrEqual(allowedWithin(60, 60_000, elapsed) + 1);
    const limited = answers.filter((r) => r.status === 429);
    expect(limited).toHaveLength(150 - ok);
    const last = limited.at(-1)!;
    expect(last.headers["x-ratelimit-remaining"]).toBe("0");
    // One slot comes back every 60000/60 ms, so the wait is at most one second.
    expect(Number(last.body.error?.details?.retryAfterMs)).toBeLessThanOrEqual(1000);
    await honour(last);
    const retried = await keyRequest(`${url}/v1/token`, a.secret);
    expect(retried.status).toBe(200);
    expect(retried.headers["x-ratelimit-remaining"]).toBe("0");
  });

  it("puts X-Credits-Remaining on a 429 of a billable endpoint (0 for a suspended account), not of a free one", async () => {
    const a = await accountWithKey(h, { credits: 10 });
    await h.accounts.setKeyLimits(a.accountId, a.keyId, {
      ratePerMinute: 100_000,
      burstPerSecond: 1,
      groupCaps: null,
    });
    const first = await keyRequest(`${url}/v1/pool/top-traders`, a.secret);
    expect(first.status).toBe(200);
    expect(first.headers["x-credits-remaining"]).toBe("8");
    const limited = await keyRequest(`${url}/v1/pool/top-traders`, a.secret);
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(limited.headers["x-credits-remaining"]).toBe("8");
    expect((await h.gate.store.figures(a.accountId))?.remaining).toBe(8);
    const free = await keyRequest(`${url}/v1/meta/chains`, a.secret);
    expect(free.status).toBe(429);
    expect(free.headers["x-credits-remaining"]).toBeUndefined();
    await h.accounts.setSuspended(a.accountId, true);
    const suspended = await keyRequest(`${url}/v1/token`, a.secret);
    expect(suspended.status).toBe(429);
    expect(suspended.headers["x-credits-remaining"]).toBe("0");
  });

  it("counts a batch as one request against the minute limit and its items against 10x the burst per second", async () => {
    const a = await accountWithKey(h, { credits: 10_000 });
    await h.accounts.setKeyLimits(a.accountId, a.keyId, {
      ratePerMinute: 1000,
      burstPerSecond: 2,
      groupCaps: null,
    });
    const items = (n: number) => Array.from({ length: n }, (_, i) => `pool${i}`);
    const first = await keyRequest(`${url}/v1/pool`, a.secret, {
      method: "POST",
      body: { items: items(15) },
    });
    expect(first.status).toBe(200);
    expect(first.headers["x-ratelimit-remaining"]).toBe("999");
    // 15 of the 20 items per second are spent: another 15 must wait, though the request slots are free.
    const second = await keyRequest(`${url}/v1/pool`, a.secret, {
      method: "POST",
      body: { items: items(15) },
    });
    expect(second.status).toBe(429);
    expect(Number(second.body.error?.details?.retryAfterMs)).toBeGreaterThan(0);
    expect(Number(second.body.error?.details?.retryAfterMs)).toBeLessThanOrEqual(1000);
    await honour(second);
    const third = await keyRequest(`${url}/v1/pool`, a.secret, {
      method: "POST",
      body: { items: items(15) },
    });
    expect(third.status).toBe(200);
    expect((await h.gate.store.figures(a.accountId))?.used).toBe(30);
  });

  it("applies per-group caps one per item, leaving other groups alone", async () => {
    const a = await accountWithKey(h, { credits: 10_000 });
    await keyRequest(`${url}/v1/meta/chains`, a.secret);
    const started = await redisMs(h);
    const wallet = await Promise.all(
      Array.from({ length: 20 }, () => keyRequest(`${url}/v1/wallet/profile`, a.secret)),
    );
    const elapsed = (await redisMs(h)) - started;
    const ok = served(wallet);
    expect(ok).toBeGreaterThanOrEqual(6);
    expect(ok).toBeLessThanOrEqual(allowedWithin(6, 1000, elapsed) + 1);
    expect((await keyRequest(`${url}/v1/token`, a.secret)).status).toBe(200);
  });

  it("puts X-RateLimit headers on every answer: served, refused for credits, suspended, not found", async () => {
    const a = await accountWithKey(h, { credits: 1 });
    const answers = [
      await keyRequest(`${url}/v1/token?status=404`, a.secret),
      await keyRequest(`${url}/v1/token`, a.secret),
      await keyRequest(`${url}/v1/token`, a.secret),
    ];
    await h.accounts.setSuspended(a.accountId, true);
    answers.push(await keyRequest(`${url}/v1/token`, a.secret));
    expect(answers.map((r) => r.status)).toEqual([404, 200, 402, 403]);
    for (const r of answers) {
      // Each answer spent one of the 1200 slots; refill between calls may give some back.
      const remaining = Number(r.headers["x-ratelimit-remaining"]);
      expect(remaining).toBeGreaterThanOrEqual(1196);
      expect(remaining).toBeLessThanOrEqual(1199);
      expect(r.headers["x-ratelimit-limit"]).toBe("1200");
      expect(Number(r.headers["x-ratelimit-reset"])).toBeGreaterThanOrEqual(1);
    }
  });

  it("limits the demo listener per client IP, with no key", async () => {
    const { createDemoGate } = await import("../../services/api/src/billing/createDemoGate.ts");
    const demo = await h.serve({
      gate: createDemoGate({
        redis: h.redis,
        config: { ...h.config, demo: { perMinute: 600, burstPerSecond: 5 } },
      }),
      demoOnly: true,
    });
    const started = await redisMs(h);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => keyRequest(`${demo.url}/v1/token`, "")),
    );
    const elapsed = (await redisMs(h)) - started;
    const ok = served(answers);
    expect(ok).toBeGreaterThanOrEqual(5);
    expect(ok).toBeLessThanOrEqual(allowedWithin(5, 1000, elapsed) + 1);
    const limited = answers.find((r) => r.status === 429)!;
    expect(limited.headers["x-ratelimit-burst-limit"]).toBe("5");
    expect((await keyRequest(`${demo.url}/v1/pool/top-traders`, "")).status).toBe(404);
    await honour(limited);
    expect((await keyRequest(`${demo.url}/v1/token`, "")).status).toBe(200);
  });

  it("keeps the demo limit on a router reached directly: with the default trust a forged X-Forwarded-For changes nothing", async () => {
    const { createDemoGate } = await import("../../services/api/src/billing/createDemoGate.ts");
    const { loadRouterConfig } = await import("../../services/api/src/config/loadRouterConfig.ts");
    const router = await loadRouterConfig({ SHARD_MAP_PATH: "/m.json", BILLING_ENABLED: "false" });
    const demo = await h.serve({
      gate: createDemoGate({
        redis: h.redis,
        config: {
          ...h.config,
          redisPrefix: `${h.prefix}direct:`,
          demo: { perMinute: 600, burstPerSecond: 5 },
        },
      }),
      demoOnly: true,
      trustProxy: router.trustProxyHops,
    });
    const started = await redisMs(h);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        keyRequest(`${demo.url}/v1/token`, "", { headers: { "x-forwarded-for": `198.51.100.${i + 1}` } }),
      ),
    );
    const elapsed = (await redisMs(h)) - started;
    const ok = served(answers);
    expect(ok).toBeGreaterThanOrEqual(5);
    expect(ok).toBeLessThanOrEqual(allowedWithin(5, 1000, elapsed) + 1);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(30 - ok);
  });

  it("limits each client apart behind one trusted proxy hop, by the address that proxy saw", async () => {
    const { createDemoGate } = await import("../../services/api/src/billing/createDemoGate.ts");
    const demo = await h.serve({
      gate: createDemoGate({
        redis: h.redis,
        config: {
          ...h.config,
          redisPrefix: `${h.prefix}proxied:`,
          demo: { perMinute: 600, burstPerSecond: 5 },
        },
      }),
      demoOnly: true,
      trustProxy: 1,
    });
    // What an ingress sends: whatever the client wrote, then the address it saw the client at.
    const from = (client: string) => ({ "x-forwarded-for": `203.0.113.99, ${client}` });
    const started = await redisMs(h);
    const first = await Promise.all(
      Array.from({ length: 30 }, () =>
        keyRequest(`${demo.url}/v1/token`, "", { headers: from("192.0.2.1") }),
      ),
    );
    const elapsed = (await redisMs(h)) - started;
    const ok = served(first);
    expect(ok).toBeGreaterThanOrEqual(5);
    expect(ok).toBeLessThanOrEqual(allowedWithin(5, 1000, elapsed) + 1);
    // Another client behind the same proxy has its own allowance.
    const other = await keyRequest(`${demo.url}/v1/token`, "", { headers: from("192.0.2.2") });
    expect(other.status).toBe(200);
    expect(other.headers["x-ratelimit-burst-remaining"]).toBe("4");
  });
});
