import { randomBytes } from "node:crypto";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { Bus, BusMessage } from "../ports/bus.ts";
import { AdapterClosedError } from "./AdapterClosedError.ts";
import { compareStreamIds } from "./compareStreamIds.ts";

const WAIT = { timeout: 15_000, interval: 5 };

/**
 * The behaviour every Bus adapter must show, registered as vitest tests. `makeBus` returns a
 * fresh bus for one test; `cleanup` runs once after the suite (e.g. to delete Redis keys).
 */
export function busContract(label: string, makeBus: () => Bus, cleanup?: () => Promise<void>): void {
  describe(`Bus contract: ${label}`, () => {
    const open: Bus[] = [];
    const bus = (): Bus => {
      const b = makeBus();
      open.push(b);
      return b;
    };
    const topic = (): string => `t${randomBytes(5).toString("hex")}`;

    afterEach(async () => {
      await Promise.all(open.splice(0).map((b) => b.close()));
    });
    if (cleanup) afterAll(cleanup);

    it("delivers messages in publish order with their ids, keys and payloads", async () => {
      const b = bus();
      const t = topic();
      const got: BusMessage<{ n: number; s: string }>[] = [];
      await b.subscribe<{ n: number; s: string }>(t, (m) => {
        got.push(m);
      });
      // Publishes issued back to back without waiting must still arrive in call order.
      const ids = await Promise.all(
        Array.from({ length: 300 }, (_, n) => b.publish(t, `pool-${n % 7}`, { n, s: `é${n}` })),
      );
      await vi.waitFor(() => expect(got).toHaveLength(300), WAIT);
      expect(got.map((m) => m.payload.n)).toEqual(Array.from({ length: 300 }, (_, n) => n));
      expect(got.map((m) => m.id)).toEqual(ids);
      expect(got.map((m) => m.key)).toEqual(Array.from({ length: 300 }, (_, n) => `pool-${n % 7}`));
      expect(got.every((m) => m.topic === t && m.payload.s === `é${m.payload.n}`)).toBe(true);
      for (let i = 1; i < ids.length; i++) expect(compareStreamIds(ids[i - 1]!, ids[i]!)).toBeLessThan(0);
    });

    it('with fromId "$" (the default) delivers only messages published after subscribing', async () => {
      const b = bus();
      const t = topic();
      await b.publish(t, "k", { n: 1 });
      await b.publish(t, "k", { n: 2 });
      const got: number[] = [];
      await b.subscribe<{ n: number }>(t, (m) => {
        got.push(m.payload.n);
      });
      await b.publish(t, "k", { n: 3 });
      await vi.waitFor(() => expect(got).toContain(3), WAIT);
      // Delivery is in order, so an old message would have arrived before 3.
      expect(got).toEqual([3]);
    });

    it('with fromId "0" replays the retained topic, then follows it', async () => {
      const b = bus();
      const t = topic();
      for (const n of [1, 2, 3]) await b.publish(t, "k", { n });
      const got: number[] = [];
      await b.subscribe<{ n: number }>(
        t,
        (m) => {
          got.push(m.payload.n);
        },
        { fromId: "0" },
      );
      await b.publish(t, "k", { n: 4 });
      await vi.waitFor(() => expect(got).toEqual([1, 2, 3, 4]), WAIT);
    });

    it("with a message id as fromId resumes right after that message", async () => {
      const b = bus();
      const t = topic();
      const ids: string[] = [];
      for (const n of [1, 2, 3, 4]) ids.push(await b.publish(t, "k", { n }));
      const got: number[] = [];
      await b.subscribe<{ n: number }>(
        t,
        (m) => {
          got.push(m.payload.n);
        },
        { fromId: ids[1]! },
      );
      await vi.waitFor(() => expect(got).toEqual([3, 4]), WAIT);
    });

    it("reads several topics in one subscription, each in publish order, with the topic on each message", async () => {
      const b = bus();
      const [t1, t2, t3] = [topic(), topic(), topic()];
      const got: { topic: string; n: number }[] = [];
      await b.subscribe<{ n: number }>([t1, t2], (m) => {
        got.push({ topic: m.topic, n: m.payload.n });
      });
      for (let n = 0; n < 30; n++) await b.publish([t1, t2, t3][n % 3]!, "k", { n });
      await vi.waitFor(() => expect(got).toHaveLength(20), WAIT);
      expect(got.filter((m) => m.topic === t1).map((m) => m.n)).toEqual(
        Array.from({ length: 10 }, (_, i) => i * 3),
      );
      expect(got.filter((m) => m.topic === t2).map((m) => m.n)).toEqual(
        Array.from({ length: 10 }, (_, i) => i * 3 + 1),
      );
    });

    it("resumes each topic from its own saved id with fromIds, without a gap or a repeat", async () => {
      const b = bus();
      const [t1, t2] = [topic(), topic()];
      const cursor: Record<string, string> = {};
      const first: number[] = [];
      const sub = await b.subscribe<{ n: number }>([t1, t2], (m) => {
        first.push(m.payload.n);
        cursor[m.topic] = m.id;
      });
      for (const n of [1, 2, 3, 4]) await b.publish(n % 2 ? t1 : t2, "k", { n });
      await vi.waitFor(() => expect(first).toHaveLength(4), WAIT);
      await sub.close();
      // Published while no consumer runs: a restarted consumer must get exactly these.
      for (const n of [5, 6, 7, 8]) await b.publish(n % 2 ? t1 : t2, "k", { n });
      const resumed: number[] = [];
      await b.subscribe<{ n: number }>(
        [t1, t2],
        (m) => {
          resumed.push(m.payload.n);
        },
        { fromIds: cursor },
      );
      await b.publish(t1, "k", { n: 9 });
      await vi.waitFor(() => expect(resumed).toHaveLength(5), WAIT);
      expect(resumed.filter((n) => n % 2)).toEqual([5, 7, 9]);
      expect(resumed.filter((n) => n % 2 === 0)).toEqual([6, 8]);
    });

    it("fans every message out to every subscription and keeps topics apart", async () => {
      const b = bus();
      const t1 = topic();
      const t2 = topic();
      const a: number[] = [];
      const c: number[] = [];
      const other: number[] = [];
      await b.subscribe<{ n: number }>(t1, (m) => {
        a.push(m.payload.n);
      });
      await b.subscribe<{ n: number }>(t1, (m) => {
        c.push(m.payload.n);
      });
      await b.subscribe<{ n: number }>(t2, (m) => {
        other.push(m.payload.n);
      });
      for (let n = 0; n < 20; n++) await b.publish(n % 2 === 0 ? t1 : t2, "k", { n });
      const evens = Array.from({ length: 10 }, (_, i) => i * 2);
      const odds = evens.map((n) => n + 1);
      await vi.waitFor(() => {
        expect(a).toEqual(evens);
        expect(c).toEqual(evens);
        expect(other).toEqual(odds);
      }, WAIT);
    });

    it("runs one handler call at a time per subscription, awaiting async handlers", async () => {
      const b = bus();
      const t = topic();
      let inFlight = 0;
      let maxInFlight = 0;
      const got: number[] = [];
      await b.subscribe<{ n: number }>(t, async (m) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setImmediate(r));
        got.push(m.payload.n);
        inFlight -= 1;
      });
      await Promise.all(Array.from({ length: 50 }, (_, n) => b.publish(t, "k", { n })));
      await vi.waitFor(() => expect(got).toHaveLength(50), WAIT);
      expect(maxInFlight).toBe(1);
      expect(got).toEqual(Array.from({ length: 50 }, (_, n) => n));
    });

    it("keeps delivering after a handler throws", async () => {
      const b = bus();
      const t = topic();
      const got: number[] = [];
      await b.subscribe<{ n: number }>(t, (m) => {
        got.push(m.payload.n);
        if (m.payload.n === 2) throw new Error("handler failure under test");
      });
      for (const n of [1, 2, 3, 4]) await b.publish(t, "k", { n });
      await vi.waitFor(() => expect(got).toEqual([1, 2, 3, 4]), WAIT);
    });

    it("stops a subscription on close while others go on", async () => {
      const b = bus();
      const t = topic();
      const closedGot: number[] = [];
      const sentinel: number[] = [];
      const sub = await b.subscribe<{ n: number }>(t, (m) => {
        closedGot.push(m.payload.n);
      });
      await b.subscribe<{ n: number }>(t, (m) => {
        sentinel.push(m.payload.n);
      });
      await b.publish(t, "k", { n: 1 });
      await vi.waitFor(() => expect(closedGot).toEqual([1]), WAIT);
      await sub.close();
      await b.publish(t, "k", { n: 2 });
      await vi.waitFor(() => expect(sentinel).toEqual([1, 2]), WAIT);
      expect(closedGot).toEqual([1]);
    });

    it("sends payloads as JSON: copies arrive, bigint is refused", async () => {
      const b = bus();
      const t = topic();
      const sent = { nested: { list: [1, "2", null, true] }, text: "Ω ✓" };
      const got: unknown[] = [];
      await b.subscribe(t, (m) => {
        got.push(m.payload);
      });
      await b.publish(t, "k", sent);
      await vi.waitFor(() => expect(got).toHaveLength(1), WAIT);
      expect(got[0]).toEqual(sent);
      expect(got[0]).not.toBe(sent);
      await expect(b.publish(t, "k", { amount: 1n })).rejects.toThrow(TypeError);
    });

    it("close() ends every subscription and refuses further use", async () => {
      const b = bus();
      const t = topic();
      const got: number[] = [];
      await b.subscribe<{ n: number }>(t, (m) => {
        got.push(m.payload.n);
      });
      await b.publish(t, "k", { n: 1 });
      await vi.waitFor(() => expect(got).toEqual([1]), WAIT);
      await b.close();
      await expect(b.publish(t, "k", { n: 2 })).rejects.toThrow(AdapterClosedError);
      await expect(b.subscribe(t, () => {})).rejects.toThrow(AdapterClosedError);
      await b.close();
    });
  });
}
