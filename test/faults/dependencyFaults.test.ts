/**
 * The fault suite: the production router (startRouter, with the billing gate), a query pod
 * (startQueryPod) and an EVM ingest worker (startIngestService) run in this process on their own
 * ports, each reaching its dependency through a TCP proxy this test switches: Redis and Postgres
 * (the machine's, never stopped) and an anvil node. Under a constant load of keyed calls (one
 * billable, one free) every answer is counted by status and latency, then checked: nothing slower
 * than the bound, no 500, every refusal a 503 UNAVAILABLE with Retry-After, readiness false
 * during the fault, full service again after it, and credits spent equal to the billable 2xx
 * answers. The measured figures are printed.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { type Context, createContext } from "@tapeline/core";
import {
  createTestDatabase,
  deleteRedisKeys,
  freePort,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@tapeline/core/testing";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountService } from "../../services/api/src/billing/createAccountService.ts";
import { createBillingStore } from "../../services/api/src/billing/createBillingStore.ts";
import { loadBillingConfig } from "../../services/api/src/billing/loadBillingConfig.ts";
import { startRouter } from "../../services/api/src/index.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import { startIngestService } from "../../services/ingest/src/service/startIngestService.ts";
import { startQueryPod } from "../../services/query/src/index.ts";
import { createTcpProxy, type TcpProxy, type TcpProxyMode } from "./createTcpProxy.ts";

/**
 * The targets are every request answered within 2 s while one dependency is stalled or down,
 * readiness false within 10 s and service back within 5 s of recovery; the figures measured
 * are printed. What is asserted is that nothing hangs: on a loaded 2-core machine the router,
 * the query pod, the worker and the load share this process, so the bounds asserted leave room.
 */
const BOUND_MS = 3000;
const RECOVERY_BOUND_MS = 15_000;
const CHAIN = "evm:31337";
/** The devnet mines a block a second; stale after 3 s without a new head. */
const FRESHNESS = { READY_BLOCK_TIMES: `${CHAIN}=1000`, READY_STALE_BLOCKS: "3", READY_STALE_MIN_MS: "3000" };
const BILLABLE = "/v1/prices/native";
/**
 * An admit sent into a stalled Redis runs when Redis answers again, after its client got a 503:
 * its reservation is held until the sweep gives it back after this long (the shortest allowed).
 */
const RESERVATION_TIMEOUT_MS = 10_000;
const FREE = "/v1/meta/chains";

type Answer = {
  path: string;
  status: number;
  ms: number;
  end: number;
  code?: string;
  retryAfter: string | null;
};
type Readyz = { serving: boolean; chains: { chain: string; fresh: boolean | null; reason?: string }[] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const hostPort = (url: string) => {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port) };
};

describe("dependency faults under load", () => {
  let db: TestDatabase;
  let redis: Redis;
  let anvil: AnvilHandle;
  let redisProxy: TcpProxy;
  let pgProxy: TcpProxy;
  let nodeProxy: TcpProxy;
  const contexts: Context[] = [];
  const prefix = testRedisPrefix("faults");
  const dir = mkdtempSync(path.join(tmpdir(), "tl-faults-"));
  let api = "";
  let ingest = "";
  let secret = "";
  let credits: () => Promise<number>;
  let sweep: () => Promise<number>;
  let creditsBefore = 0;
  const warnings: { msg: string; error?: string }[] = [];
  const answers: Answer[] = [];
  const figures: Record<string, Record<string, number | string>> = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = new Redis(TEST_REDIS_URL);
    redisProxy = await createTcpProxy(hostPort(TEST_REDIS_URL));
    pgProxy = await createTcpProxy(hostPort(db.url));
    anvil = await startAnvil({ blockTimeSec: 1 });
    nodeProxy = await createTcpProxy({ host: "127.0.0.1", port: anvil.port });

    // the ingest worker follows the node through its proxy and writes straight to Postgres
    const ingestPort = await freePort();
    const logs = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) {
          const entry = JSON.parse(line) as { level: number; msg: string; error?: string };
          if (entry.level === 40)
            warnings.push({ msg: entry.msg, ...(entry.error ? { error: entry.error } : {}) });
        }
        done();
      },
    });
    const ingestCtx = {
      ...createContext({ name: "ingest", level: "silent" }),
      logger: pino({ level: "warn" }, logs),
    };
    contexts.push(ingestCtx);
    await startIngestService(
      ingestCtx,
      {
        CHAIN_ID: CHAIN,
        CHAIN_NAME: "devnet",
        FINALITY_DEPTH: "64",
        VENUES: "UNISWAP_V2",
        RPC_URL_COUNT: "1",
        RPC_URL_0: nodeProxy.rewrite(anvil.rpcUrl),
        DATABASE_URL: db.url,
        BUS: "memory",
        HOST: "127.0.0.1",
        PORT: String(ingestPort),
        WRAPPED_NATIVE: `0x${"42".repeat(20)}`,
        POLL_INTERVAL_MS: "100",
        ...FRESHNESS,
      },
      () => {},
    );
    ingest = `http://127.0.0.1:${ingestPort}`;

    const queryCtx = createContext({ name: "query", level: "silent" });
    contexts.push(queryCtx);
    const queryPort = await freePort();
    await startQueryPod(queryCtx, {
      DATABASE_URL: pgProxy.rewrite(db.url),
      HOST: "127.0.0.1",
      PORT: String(queryPort),
      ...FRESHNESS,
    });
    const mapPath = path.join(dir, "shards.json");
    writeFileSync(
      mapPath,
      JSON.stringify({
        version: 1,
        partitions: 4096,
        shards: [{ name: "q-0", url: `http://127.0.0.1:${queryPort}` }],
      }),
    );

    const routerCtx = createContext({ name: "router", level: "silent" });
    contexts.push(routerCtx);
    const routerPort = await freePort();
    await startRouter(routerCtx, {
      SHARD_MAP_PATH: mapPath,
      REDIS_URL: redisProxy.rewrite(TEST_REDIS_URL),
      DATABASE_URL: pgProxy.rewrite(db.url),
      BILLING_REDIS_PREFIX: prefix,
      BILLING_RESERVATION_TIMEOUT_MS: String(RESERVATION_TIMEOUT_MS),
      // the load is paced under the limits, but answers held by a fault come back in bursts
      RATE_LIMIT_PER_MINUTE: "100000",
      RATE_LIMIT_BURST_PER_SECOND: "1000",
      HOST: "127.0.0.1",
      PORT: String(routerPort),
    });
    api = `http://127.0.0.1:${routerPort}`;

    const store = createBillingStore({
      redis,
      pg: db.pool,
      config: loadBillingConfig({}, { redisPrefix: prefix, reservationTimeoutMs: RESERVATION_TIMEOUT_MS }),
    });
    const accounts = createAccountService({ pg: db.pool, store });
    const account = await accounts.createAccount({ email: "faults@example.com", name: "faults" });
    await accounts.addPaymentMethod(account.id, null);
    secret = (await accounts.createKey(account.id, "load")).secret;
    credits = async () => (await store.figures(account.id))?.remaining ?? Number.NaN;
    creditsBefore = await credits();
    sweep = () => store.sweepReservations();
    // the chain is indexed and fresh before any fault
    await waitUntil(
      async () => (await ready()).body.chains.some((c) => c.chain === CHAIN && c.fresh === true),
      20_000,
    );
  }, 60_000);

  afterAll(async () => {
    for (const ctx of contexts.reverse()) await ctx.shutdown.run("test done");
    await Promise.all([redisProxy?.close(), pgProxy?.close(), nodeProxy?.close()]);
    await anvil?.stop();
    await deleteRedisKeys(prefix);
    redis?.disconnect();
    db?.pool.on("error", () => {});
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
    console.log(`fault figures (ms):\n${JSON.stringify(figures, null, 2)}`);
  });

  async function call(p: string): Promise<Answer> {
    const t0 = performance.now();
    try {
      const res = await fetch(`${api}${p}`, {
        headers: { authorization: secret },
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as { error?: { code: string } };
      return {
        path: p,
        status: res.status,
        ms: performance.now() - t0,
        end: performance.now(),
        ...(body.error ? { code: body.error.code } : {}),
        retryAfter: res.headers.get("retry-after"),
      };
    } catch {
      return { path: p, status: 0, ms: performance.now() - t0, end: performance.now(), retryAfter: null };
    }
  }

  async function ready(): Promise<{ status: number; body: Readyz }> {
    const res = await fetch(`${api}/readyz`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: (await res.json()) as Readyz };
  }

  async function waitUntil(cond: () => Promise<boolean>, timeoutMs: number): Promise<number> {
    const t0 = performance.now();
    while (performance.now() - t0 < timeoutMs) {
      if (await cond().catch(() => false)) return Math.round(performance.now() - t0);
      await sleep(100);
    }
    throw new Error(`condition not met within ${timeoutMs} ms`);
  }

  /**
   * Runs a constant load (one billable and one free call every 80 ms, each awaited by its own
   * task so a slow answer never slows the pace) while `body` runs; records every answer.
   */
  async function underLoad<T>(body: (seen: Answer[]) => Promise<T>): Promise<{ result: T; seen: Answer[] }> {
    const seen: Answer[] = [];
    const pending = new Set<Promise<void>>();
    let on = true;
    const pace = (async () => {
      while (on) {
        for (const p of [BILLABLE, FREE]) {
          const t = call(p).then((a) => void seen.push(a));
          pending.add(t);
          void t.finally(() => pending.delete(t));
        }
        await sleep(80);
      }
    })();
    try {
      return { result: await body(seen), seen };
    } finally {
      on = false;
      await pace;
      await Promise.all([...pending]);
      answers.push(...seen);
    }
  }

  /** Puts `proxy` in `mode` under load; measures time to the first 503 and to readiness false, then clears it and measures recovery. */
  async function dependencyFault(name: string, proxy: TcpProxy, mode: TcpProxyMode, holdMs: number) {
    const { result } = await underLoad(async (seen) => {
      await sleep(500);
      const from = seen.length;
      const t0 = performance.now();
      await proxy.setMode(mode);
      const notReady = await waitUntil(async () => (await ready()).status === 503, 10_000);
      const first503 = seen.slice(from).find((a) => a.status === 503);
      await sleep(Math.max(0, holdMs - (performance.now() - t0)));
      const during = seen.slice(from);
      await proxy.setMode("forward");
      const t1 = performance.now();
      const readyAgain = await waitUntil(
        async () => (await ready()).status === 200,
        RECOVERY_BOUND_MS + 5_000,
      );
      await waitUntil(async () => {
        const [b, f] = await Promise.all([call(BILLABLE), call(FREE)]);
        seen.push(b, f);
        return b.status === 200 && f.status === 200;
      }, RECOVERY_BOUND_MS + 5_000);
      const servedAgain = Math.round(performance.now() - t1);
      return {
        during,
        figures: {
          timeToFirst503: first503 ? Math.round(first503.end - t0) : "none",
          timeToReadinessFalse: notReady,
          timeToReadinessTrue: readyAgain,
          timeToServedAgain: servedAgain,
        },
      };
    });
    figures[name] = {
      ...result.figures,
      answers: result.during.length,
      refused503: result.during.filter((a) => a.status === 503).length,
      maxLatency: Math.round(Math.max(...result.during.map((a) => a.ms))),
    };
    return result;
  }

  it("Redis stalled, refusing and resetting: 503 UNAVAILABLE with Retry-After within the bound, readiness false, then recovery", async () => {
    for (const mode of ["stall", "refuse", "reset"] as const) {
      const r = await dependencyFault(`redis ${mode}`, redisProxy, mode, 3000);
      expect(r.during.some((a) => a.status === 503)).toBe(true);
      expect(r.figures.timeToReadinessFalse).toBeLessThan(10_000);
      expect(r.figures.timeToReadinessTrue).toBeLessThan(RECOVERY_BOUND_MS);
    }
  }, 150_000);

  it("Postgres stalled and refusing: 503 UNAVAILABLE within the bound, readiness false, then recovery", async () => {
    for (const mode of ["stall", "refuse"] as const) {
      const r = await dependencyFault(`postgres ${mode}`, pgProxy, mode, 3000);
      expect(r.during.some((a) => a.status === 503)).toBe(true);
      expect(r.figures.timeToReadinessFalse).toBeLessThan(10_000);
      expect(r.figures.timeToReadinessTrue).toBeLessThan(RECOVERY_BOUND_MS);
    }
  }, 100_000);

  it("a stalled node makes its chain not fresh in the router's /readyz and the worker's, and fresh again when it moves", async () => {
    await nodeProxy.setMode("stall");
    const t0 = performance.now();
    const stale = await waitUntil(async () => {
      const c = (await ready()).body.chains.find((x) => x.chain === CHAIN);
      return c?.fresh === false && /no new head written/.test(c.reason ?? "");
    }, 10_000);
    const worker = await fetch(`${ingest}/readyz`);
    expect(worker.status).toBe(503);
    expect(((await worker.json()) as { reason: string }).reason).toMatch(/no new head written/);
    expect(await (await fetch(`${api}/metrics`)).text()).toMatch(/chain_fresh\{chain="evm:31337"\} 0/);
    await nodeProxy.setMode("forward");
    const t1 = performance.now();
    const fresh = await waitUntil(
      async () => (await ready()).body.chains.find((x) => x.chain === CHAIN)?.fresh === true,
      10_000,
    );
    figures["node stall"] = {
      timeToChainNotFresh: stale,
      timeToChainFreshAgain: fresh,
      stalledFor: Math.round(t1 - t0),
    };
    expect(stale).toBeLessThan(10_000);
    expect(fresh).toBeLessThan(RECOVERY_BOUND_MS);
  }, 30_000);

  it("a dead node: the worker warns with each failure, its /readyz and ingest_failing say so, the chain is not fresh", async () => {
    await anvil.stop();
    const failing = await waitUntil(async () => {
      const res = await fetch(`${ingest}/readyz`);
      const body = (await res.json()) as { reason?: string };
      return res.status === 503 && /steps failed/.test(body.reason ?? "");
    }, 30_000);
    const metrics = await (await fetch(`${ingest}/metrics`)).text();
    expect(metrics).toMatch(/ingest_failing\{chain="evm:31337"\} 1/);
    const failures = warnings.filter((w) => w.msg === "step failed, retrying");
    expect(failures.length).toBeGreaterThanOrEqual(3);
    expect(failures.every((w) => typeof w.error === "string" && w.error.length > 0)).toBe(true);
    const stale = await waitUntil(
      async () => (await ready()).body.chains.find((x) => x.chain === CHAIN)?.fresh === false,
      10_000,
    );
    figures["node dead"] = { timeToWorkerFailing: failing, timeToChainNotFresh: stale };
  }, 45_000);

  it("over every fault: no answer slower than the bound, no 500, every refusal 503 UNAVAILABLE with Retry-After, credits spent = billable 2xx", async () => {
    expect(answers.length).toBeGreaterThan(100);
    const statuses: Record<string, number> = {};
    for (const a of answers) statuses[`status ${a.status}`] = (statuses[`status ${a.status}`] ?? 0) + 1;
    figures.load = {
      answers: answers.length,
      ...statuses,
      maxLatency: Math.round(Math.max(...answers.map((a) => a.ms))),
    };
    expect(answers.filter((a) => a.ms > BOUND_MS)).toEqual([]);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.code).toBe("UNAVAILABLE");
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    // settles are written after the answer, and reservations of admits whose answer was lost
    // in a stall come back with the sweep once they are older than the reservation timeout
    const billed = answers.filter((a) => a.path === BILLABLE && a.status === 200).length;
    const swept = await sweep();
    await waitUntil(async () => {
      await sweep();
      return creditsBefore - (await credits()) === billed;
    }, RESERVATION_TIMEOUT_MS + 2_000).catch(() => 0);
    const spent = creditsBefore - (await credits());
    figures.credits = { billable2xx: billed, spent, reservationsSwept: swept, lostCharges: billed - spent };
    // Exactly once: a 2xx whose batched settle was sent into the outage is retried until Redis
    // answers, landing on its reservation or, when the load delayed it past the sweep, on the
    // trace the sweep keeps; a settle applied twice finds neither.
    expect(spent).toBe(billed);
  }, 40_000);
});
