import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountWithKey, type BillingHarness, createBillingHarness } from "./billingHarness.ts";
import { keyRequest, request } from "./request.ts";
import { servePortal } from "./servePortal.ts";

describe("keys, authentication and account isolation", () => {
  let h: BillingHarness;
  let url: string;
  beforeAll(async () => {
    h = await createBillingHarness("keys");
    url = await servePortal(h);
  });
  afterAll(() => h.close());

  it("answers a missing, malformed, Bearer-prefixed or unknown key with 401 UNAUTHORIZED and a reason", async () => {
    const missing = await request(`${url}/v1/token`);
    expect(missing.status).toBe(401);
    expect(missing.body.error).toMatchObject({ code: "UNAUTHORIZED", details: { reason: "missing_key" } });
    const a = await accountWithKey(h, { credits: 10 });
    const oneCharOff = a.secret.slice(0, -1) + (a.secret.endsWith("A") ? "B" : "A");
    for (const value of ["nonsense", `Bearer ${a.secret}`, oneCharOff]) {
      const r = await keyRequest(`${url}/v1/token`, value);
      expect(r.status).toBe(401);
      expect(r.body.error).toMatchObject({ code: "UNAUTHORIZED", details: { reason: "invalid_key" } });
    }
    expect((await keyRequest(`${url}/v1/token`, a.secret)).status).toBe(200);
    // Zero-credit endpoints still need a key on the keyed listener.
    expect((await request(`${url}/v1/usage`)).status).toBe(401);
  });

  it("stores only a hash of each key, rotates (old secret dead at once) and revokes", async () => {
    const a = await accountWithKey(h, { credits: 10 });
    const stored = await h.db.pool.query<{ secret_hash: string; secret_prefix: string }>(
      "select secret_hash, secret_prefix from api_keys where id = $1",
      [a.keyId],
    );
    expect(stored.rows[0]!.secret_hash).not.toContain(a.secret.slice(3));
    expect(stored.rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.secret.startsWith(stored.rows[0]!.secret_prefix)).toBe(true);

    const rotated = await h.accounts.rotateKey(a.accountId, a.keyId);
    expect(rotated.id).toBe(a.keyId);
    expect((await keyRequest(`${url}/v1/token`, a.secret)).status).toBe(401);
    expect((await keyRequest(`${url}/v1/token`, rotated.secret)).status).toBe(200);

    // Even with its cached record gone from Redis, the old secret stays dead.
    await h.redis.del(`${h.prefix}key:${stored.rows[0]!.secret_hash}`);
    expect((await keyRequest(`${url}/v1/token`, a.secret)).status).toBe(401);

    await h.accounts.revokeKey(a.accountId, a.keyId);
    const revoked = await keyRequest(`${url}/v1/token`, rotated.secret);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error?.details?.reason).toBe("invalid_key");
  });

  it("holds at most 5 active keys per account, even when created concurrently", async () => {
    const a = await accountWithKey(h);
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => h.accounts.createKey(a.accountId, `k${i}`)),
    );
    expect(attempts.filter((r) => r.status === "fulfilled")).toHaveLength(4);
    const refused = attempts.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "FORBIDDEN", details: { action: "key_limit_reached" } });
    expect(await h.accounts.listKeys(a.accountId)).toHaveLength(5);
    await h.accounts.revokeKey(a.accountId, a.keyId);
    await h.accounts.createKey(a.accountId, "after revoke");
    expect(await h.accounts.listKeys(a.accountId)).toHaveLength(5);
  });

  it("keeps billing states, suspension and zero-credit endpoints apart", async () => {
    const a = await accountWithKey(h, { credits: 10 });
    const expectations: [Parameters<typeof h.accounts.setState>[1], string][] = [
      ["pending", "account_pending"],
      ["verify_payment", "verify_payment"],
      ["payment_processing", "payment_processing"],
      ["payment_failed", "update_payment_method"],
    ];
    for (const [state, action] of expectations) {
      await h.accounts.setState(a.accountId, state);
      const r = await keyRequest(`${url}/v1/token`, a.secret);
      expect(r.status).toBe(402);
      expect(r.body.error).toMatchObject({ code: "PAYMENT_REQUIRED", details: { action } });
      expect((await keyRequest(`${url}/v1/usage`, a.secret)).status).toBe(200);
    }
    await h.accounts.setState(a.accountId, "active");
    await h.accounts.setSuspended(a.accountId, true);
    const suspended = await keyRequest(`${url}/v1/token`, a.secret);
    expect(suspended.status).toBe(403);
    expect(suspended.body.error).toMatchObject({
      code: "FORBIDDEN",
      details: { action: "account_suspended" },
    });
    expect((await keyRequest(`${url}/v1/meta/chains`, a.secret)).status).toBe(200);
    expect((await keyRequest(`${url}/v1/usage/history`, a.secret)).status).toBe(200);
    await h.accounts.setSuspended(a.accountId, false);
    expect((await keyRequest(`${url}/v1/token`, a.secret)).status).toBe(200);
    // Nothing was billed while refused.
    expect((await h.gate.store.figures(a.accountId))?.used).toBe(1);
  });

  it("shows a key only its own account's usage, and a session only its own keys", async () => {
    const a = await accountWithKey(h, { credits: 100, email: "alice@example.com" });
    const b = await accountWithKey(h, { credits: 100, email: "bob@example.com" });
    const a2 = await h.accounts.createKey(a.accountId, "second");
    for (let i = 0; i < 3; i++) await keyRequest(`${url}/v1/token`, a.secret);
    await keyRequest(`${url}/v1/pool/top-traders`, a2.secret);
    for (let i = 0; i < 7; i++) await keyRequest(`${url}/v1/token`, b.secret);
    await h.gate.flusher.flush();
    await keyRequest(`${url}/v1/token`, b.secret); // one more, still only in Redis

    const usageA = await keyRequest(`${url}/v1/usage`, a.secret);
    expect(usageA.body.data).toMatchObject({
      keyId: a.keyId,
      tenant: a.accountId,
      scope: "account",
      credits: { used: 5, remaining: 95, limit: 100 },
      requests: 4,
    });
    const usageB = await keyRequest(`${url}/v1/usage`, b.secret);
    expect(usageB.body.data).toMatchObject({ tenant: b.accountId, credits: { used: 8 }, requests: 8 });

    // Usage calls are requests too (free ones); each is recorded once it is answered.
    const breakdownKey = await keyRequest(`${url}/v1/usage/breakdown`, a.secret);
    expect(breakdownKey.body.data).toEqual([
      { endpoint: "GET /v1/token", kind: "rest", requests: 3, credits: 3, errors: 0 },
      { endpoint: "GET /v1/usage", kind: "rest", requests: 1, credits: 0, errors: 0 },
    ]);
    const breakdownAcct = await keyRequest(`${url}/v1/usage/breakdown?scope=account`, a.secret);
    expect(breakdownAcct.body.data).toEqual([
      { endpoint: "GET /v1/token", kind: "rest", requests: 3, credits: 3, errors: 0 },
      { endpoint: "GET /v1/pool/top-traders", kind: "rest", requests: 1, credits: 2, errors: 0 },
      { endpoint: "GET /v1/usage", kind: "rest", requests: 1, credits: 0, errors: 0 },
      { endpoint: "GET /v1/usage/breakdown", kind: "rest", requests: 1, credits: 0, errors: 0 },
    ]);
    const historyB = await keyRequest(`${url}/v1/usage/history?bucket=15m&scope=account`, b.secret);
    const points = historyB.body.data as { requests: number; credits: number }[];
    expect(points).toHaveLength(96);
    expect(points.reduce((s, p) => s + p.requests, 0)).toBe(9);
    expect(points.reduce((s, p) => s + p.credits, 0)).toBe(8);

    // There is no parameter naming another account or key: asking for one is refused.
    for (const q of [`tenant=${b.accountId}`, `keyId=${b.keyId}`, `accountId=${b.accountId}`]) {
      const r = await keyRequest(`${url}/v1/usage/history?${q}`, a.secret);
      expect(r.status).toBe(400);
      expect(r.body.error?.code).toBe("INVALID_PARAM");
    }

    // Portal: signed in as alice, bob's key is unknown to every key call.
    await h.accounts.setPassword(a.accountId, "alice-password-1");
    const signIn = await request(`${url}/portal/api/session`, {
      method: "POST",
      headers: { "x-portal-request": "1" },
      body: { email: "alice@example.com", password: "alice-password-1" },
    });
    expect(signIn.status).toBe(200);
    const cookie = String(signIn.headers["set-cookie"]?.[0]).split(";")[0]!;
    const portal = (method: string, path: string, body?: unknown) =>
      request(`${url}/portal/api${path}`, { method, headers: { cookie, "x-portal-request": "1" }, body });
    const keys = await portal("GET", "/keys");
    expect((keys.body.data as { id: string }[]).map((k) => k.id).sort()).toEqual([a.keyId, a2.id].sort());
    expect(JSON.stringify(keys.body)).not.toContain(a.secret);
    expect((await portal("PATCH", `/keys/${b.keyId}`, { name: "mine now" })).status).toBe(404);
    expect((await portal("POST", `/keys/${b.keyId}/rotate`)).status).toBe(404);
    expect((await portal("DELETE", `/keys/${b.keyId}`)).status).toBe(404);
    expect((await keyRequest(`${url}/v1/token`, b.secret)).status).toBe(200);
    const acct = await portal("GET", "/account");
    expect(acct.body.data).toMatchObject({ account: { id: a.accountId }, credits: { used: 5 } });
    // Without the CSRF header, or without a session, nothing changes.
    const noHeader = await request(`${url}/portal/api/keys`, {
      method: "POST",
      headers: { cookie },
      body: { name: "x" },
    });
    expect(noHeader.status).toBe(400);
    expect((await request(`${url}/portal/api/keys`)).status).toBe(401);
    const wrong = await request(`${url}/portal/api/session`, {
      method: "POST",
      headers: { "x-portal-request": "1" },
      body: { email: "alice@example.com", password: "not-her-password" },
    });
    expect(wrong.status).toBe(401);
  });
});
