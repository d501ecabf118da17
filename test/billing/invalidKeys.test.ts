import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_KEY_BURST } from "../../services/api/src/billing/createInvalidKeyThrottle.ts";
import { accountWithKey, type BillingHarness, createBillingHarness } from "./billingHarness.ts";
import { type Answer, keyRequest } from "./request.ts";

/** Keys of the suite's Redis prefix, counted with SCAN. */
async function redisKeys(h: BillingHarness): Promise<number> {
  let cursor = "0";
  let n = 0;
  do {
    const [next, keys] = await h.redis.scan(cursor, "MATCH", `${h.prefix}*`, "COUNT", 1000);
    cursor = next;
    n += keys.length;
  } while (cursor !== "0");
  return n;
}

/** A well-formed key nobody holds: `tl_` and 32 random bytes, as real keys are. */
const randomKey = () => `tl_${randomBytes(32).toString("base64url")}`;

describe("invalid-key attempts", () => {
  let h: BillingHarness;
  let url: string;
  let pgQueries = 0;

  beforeAll(async () => {
    h = await createBillingHarness("invalidkeys");
    // Behind one trusted proxy hop, so the test can speak from several client addresses.
    url = (await h.serve({ trustProxy: 1 })).url;
    const pool = h.db.pool as unknown as { query: (...args: unknown[]) => unknown };
    const query = pool.query.bind(pool);
    pool.query = (...args: unknown[]) => {
      pgQueries++;
      return query(...args);
    };
  });
  afterAll(() => h.close());

  const from = (ip: string) => ({ "x-forwarded-for": ip });

  it("throttles one address before any store: no Redis key written, no Postgres query, other addresses unaffected", async () => {
    const a = await accountWithKey(h, { credits: 100 });
    // A key used from elsewhere earlier keeps working from the throttled address.
    expect((await keyRequest(`${url}/v1/token`, a.secret, { headers: from("192.0.2.20") })).status).toBe(200);
    await h.gate.store.loadAllKeys();
    const keysBefore = await redisKeys(h);
    const queriesBefore = pgQueries;

    const attacker = from("198.51.100.7");
    const answers: Answer[] = [];
    for (let round = 0; round < 15; round++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            keyRequest(`${url}/v1/token`, i % 10 === 9 ? "not-a-key" : randomKey(), { headers: attacker }),
          ),
        )),
      );
    }
    const refused = answers.filter((r) => r.status === 401);
    const throttled = answers.filter((r) => r.status === 429);
    expect(refused.length + throttled.length).toBe(300);
    // The first burst reaches the gate (a round's attempts in flight together all may), then none.
    expect(refused.length).toBeGreaterThanOrEqual(INVALID_KEY_BURST);
    expect(refused.length).toBeLessThanOrEqual(INVALID_KEY_BURST + 20);
    for (const r of throttled) {
      expect(r.body.error?.code).toBe("RATE_LIMITED");
      expect(r.body.error?.details).toMatchObject({ scope: "ip", reason: "invalid_keys" });
      expect(Number(r.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    }
    expect(await redisKeys(h)).toBe(keysBefore);
    expect(pgQueries).toBe(queriesBefore);

    // Valid keys: from another address, and a key that passed lately from the throttled one.
    const b = await accountWithKey(h, { credits: 100 });
    expect((await keyRequest(`${url}/v1/token`, b.secret, { headers: from("203.0.113.5") })).status).toBe(
      200,
    );
    expect((await keyRequest(`${url}/v1/token`, a.secret, { headers: attacker })).status).toBe(200);
    // Another address with a bad key still gets the plain 401.
    const other = await keyRequest(`${url}/v1/token`, randomKey(), { headers: from("203.0.113.6") });
    expect(other.status).toBe(401);
    expect(other.body.error?.details?.reason).toBe("invalid_key");
  });

  it("keeps new keys, changed limits and revocations exact once every key is known to Redis", async () => {
    await h.gate.store.loadAllKeys();
    const a = await accountWithKey(h, { credits: 100 });
    const ip = from("192.0.2.30");
    expect((await keyRequest(`${url}/v1/token`, a.secret, { headers: ip })).status).toBe(200);
    await h.accounts.setKeyLimits(a.accountId, a.keyId, {
      ratePerMinute: 7,
      burstPerSecond: 5,
      groupCaps: null,
    });
    const limited = await keyRequest(`${url}/v1/token`, a.secret, { headers: ip });
    expect(limited.status).toBe(200);
    expect(limited.headers["x-ratelimit-limit"]).toBe("7");
    await h.accounts.revokeKey(a.accountId, a.keyId);
    expect((await keyRequest(`${url}/v1/token`, a.secret, { headers: ip })).status).toBe(401);
  });
});
