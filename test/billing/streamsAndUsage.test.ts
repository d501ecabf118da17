import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountWithKey, type BillingHarness, createBillingHarness, replicaGate } from "./billingHarness.ts";
import { keyRequest } from "./request.ts";

describe("stream billing and usage history", () => {
  let h: BillingHarness;
  let url: string;
  beforeAll(async () => {
    h = await createBillingHarness("usage");
    url = (await h.serve()).url;
  });
  afterAll(() => h.close());

  async function pgTotals(accountId: string) {
    const { rows } = await h.db.pool.query<{ r: string | null; c: string | null }>(
      "select sum(requests) as r, sum(credits) as c from usage_buckets where account_id = $1",
      [accountId],
    );
    return { requests: Number(rows[0]?.r ?? 0), credits: Number(rows[0]?.c ?? 0) };
  }

  it("bills 1 credit per delivered stream event and lists channels in the breakdown", async () => {
    const a = await accountWithKey(h, { credits: 12 });
    await expect(h.gate.openStream("tl_not-a-key")).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const stream = await h.gate.openStream(a.secret);
    expect(stream.caller).toEqual({ accountId: a.accountId, keyId: a.keyId });
    expect(await stream.charge("trades", 5)).toBe(7);
    expect(await stream.charge("token-updates", 3)).toBe(4);
    // Not enough left for 6 events: refused whole, with the 402 the stream closes with (4402).
    await expect(stream.charge("trades", 6)).rejects.toMatchObject({
      status: 402,
      details: { action: "add_payment_method" },
    });
    const breakdown = await keyRequest(`${url}/v1/usage/breakdown`, a.secret);
    expect(breakdown.body.data).toEqual([
      { endpoint: "stream:trades", kind: "stream", requests: 5, credits: 5, errors: 0 },
      { endpoint: "stream:token-updates", kind: "stream", requests: 3, credits: 3, errors: 0 },
    ]);
  });

  it("charges many connections' events in one turn together, exactly, refusing only those the credits miss", async () => {
    const a = await accountWithKey(h, { credits: 20 });
    const here = await Promise.all(Array.from({ length: 6 }, () => h.gate.openStream(a.secret)));
    const replica = await replicaGate(h);
    const there = await Promise.all(Array.from({ length: 2 }, () => replica.gate.openStream(a.secret)));
    // One turn on each router: 6 x 2 events here (one reservation of 12), 2 x 3 on the replica.
    const admit = h.gate.store.admit;
    const admitted: number[] = [];
    h.gate.store.admit = (args) => {
      admitted.push(args.cost);
      return admit(args);
    };
    const paid = await Promise.allSettled([
      ...here.map((s) => s.charge("trades", 2)),
      ...there.map((s) => s.charge("trades", 3)),
    ]);
    expect(paid.map((r) => r.status)).toEqual(Array(8).fill("fulfilled"));
    expect(admitted).toEqual([12]);
    // 2 credits left; a turn asking 4 x 1: the sum is refused, so each is admitted in turn.
    const last = await Promise.allSettled(here.slice(0, 4).map((s) => s.charge("trades", 1)));
    expect(last.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "rejected"]);
    expect((last[2] as PromiseRejectedResult).reason).toMatchObject({ status: 402 });
    expect(admitted).toEqual([12, 4, 1, 1, 1, 1]);
    h.gate.store.admit = admit;
    await replica.close();
    const breakdown = await keyRequest(`${url}/v1/usage/breakdown`, a.secret);
    expect(breakdown.body.data).toEqual([
      { endpoint: "stream:trades", kind: "stream", requests: 20, credits: 20, errors: 0 },
    ]);
    expect((await h.gate.store.figures(a.accountId))?.remaining).toBe(0);
  });

  it("counts usage exactly before, during and after a flush, and a repeated flush adds nothing", async () => {
    const a = await accountWithKey(h, { credits: 100 });
    for (let i = 0; i < 6; i++) await keyRequest(`${url}/v1/token`, a.secret);
    const history = async () => {
      const r = await keyRequest(`${url}/v1/usage/history?bucket=1d&scope=key`, a.secret);
      const points = r.body.data as { requests: number; credits: number }[];
      return points.reduce(
        (s, p) => ({ requests: s.requests + p.requests, credits: s.credits + p.credits }),
        {
          requests: 0,
          credits: 0,
        },
      );
    };
    // History calls are themselves requests of this key (free ones), answered after they read.
    expect(await history()).toEqual({ requests: 6, credits: 6 });

    // A flusher took the bucket but has not written it yet (or crashed right there).
    const [member] = (await h.gate.store.pendingUsage()).filter((m) => m.startsWith(a.accountId));
    const bucket = member!.split(":")[1]!;
    const flushId = `${a.accountId}:${bucket}:crashed`;
    expect(await h.gate.store.takeUsage(a.accountId, bucket, flushId)).not.toBeNull();
    expect(await history()).toEqual({ requests: 7, credits: 6 });
    expect(await pgTotals(a.accountId)).toEqual({ requests: 0, credits: 0 });

    // The next pass writes the leftover once, and the live requests since.
    await h.gate.flusher.flush();
    expect(await pgTotals(a.accountId)).toEqual({ requests: 8, credits: 6 });
    expect(await history()).toEqual({ requests: 8, credits: 6 });

    // Replaying a written flush (a crash after commit, before confirm) changes nothing.
    await h.redis.sadd(`${h.prefix}u:flushing`, flushId);
    await h.gate.flusher.flush();
    expect(await pgTotals(a.accountId)).toEqual({ requests: 9, credits: 6 });
    expect(await history()).toEqual({ requests: 9, credits: 6 });
  });
});
