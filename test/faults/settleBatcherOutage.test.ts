/**
 * The settle batcher against the real Redis through a TCP proxy that stalls, resets and refuses:
 * settles sent into the outage are retried and, once Redis answers again, every settled call is
 * charged exactly once (credits read back from Redis), and a settle sent again charges nothing;
 * one landing after the sweep gave its reservation back still charges its served call, once.
 */
import { randomUUID } from "node:crypto";
import {
  createTestDatabase,
  deleteRedisKeys,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@tapeline/core/testing";
import { Redis } from "ioredis";
import pino from "pino";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountService } from "../../services/api/src/billing/createAccountService.ts";
import {
  type BillingStore,
  type CoveredSettle,
  createBillingStore,
} from "../../services/api/src/billing/createBillingStore.ts";
import { createSettleBatcher } from "../../services/api/src/billing/createSettleBatcher.ts";
import { createStreamChargeBatcher } from "../../services/api/src/billing/createStreamChargeBatcher.ts";
import { hashKeySecret } from "../../services/api/src/billing/hashKeySecret.ts";
import { type BillingConfig, loadBillingConfig } from "../../services/api/src/billing/loadBillingConfig.ts";
import { createTcpProxy, type TcpProxy, type TcpProxyMode } from "./createTcpProxy.ts";

const RESERVATION_TIMEOUT_MS = 10_000;
const CALLS = 40;
const COST = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("settle batcher through a Redis outage", () => {
  let db: TestDatabase;
  let direct: Redis;
  let proxied: Redis;
  let proxy: TcpProxy;
  let store: BillingStore;
  let proxiedStore: BillingStore;
  let config: BillingConfig;
  let accountId = "";
  let keyHash = "";
  const prefix = testRedisPrefix("settleout");
  const metrics = new Registry();
  const errors: string[] = [];
  const logger = pino(
    { level: "warn" },
    {
      write(line: string) {
        const entry = JSON.parse(line) as { level: number; msg: string };
        if (entry.level >= 50) errors.push(entry.msg);
      },
    },
  );

  beforeAll(async () => {
    db = await createTestDatabase();
    const u = new URL(TEST_REDIS_URL);
    proxy = await createTcpProxy({ host: u.hostname, port: Number(u.port) });
    direct = new Redis(TEST_REDIS_URL);
    // the router's client options: bounded commands, no offline queue, reconnecting in the background
    proxied = new Redis(proxy.rewrite(TEST_REDIS_URL), {
      maxRetriesPerRequest: 1,
      commandTimeout: 500,
      connectTimeout: 500,
      enableOfflineQueue: false,
      retryStrategy: (attempt) => Math.min(100 * attempt, 1000),
    });
    proxied.on("error", () => {});
    config = loadBillingConfig({}, { redisPrefix: prefix, reservationTimeoutMs: RESERVATION_TIMEOUT_MS });
    store = createBillingStore({ redis: direct, pg: db.pool, config });
    proxiedStore = createBillingStore({ redis: proxied, pg: db.pool, config });
    const accounts = createAccountService({ pg: db.pool, store });
    const account = await accounts.createAccount({
      email: "settle-outage@example.com",
      name: "settle outage",
    });
    await accounts.addPaymentMethod(account.id, null);
    accountId = account.id;
    keyHash = hashKeySecret((await accounts.createKey(account.id, "load")).secret);
  }, 60_000);

  afterAll(async () => {
    proxied?.disconnect();
    await proxy?.close();
    await deleteRedisKeys(prefix);
    direct?.disconnect();
    await db?.drop();
  });

  /** A free admit, to read the key's id. */
  const probe = {
    reservationId: "",
    endpoint: "stream",
    cost: 0,
    billable: false,
    batch: false,
    items: 1,
    group: "stream",
    skipRate: true,
  };
  const credits = async () => (await store.figures(accountId))?.remaining ?? Number.NaN;
  const openReservations = () => direct.zcard(`${prefix}resv:open`);

  /** Admits `CALLS` billable calls (reserving `COST` each) straight on Redis, as served answers. */
  async function admitted(): Promise<CoveredSettle[]> {
    const settles: CoveredSettle[] = [];
    for (let i = 0; i < CALLS; i++) {
      const r = await store.admit({
        keyHash,
        reservationId: randomUUID(),
        endpoint: "GET /v1/prices/native",
        cost: COST,
        billable: true,
        batch: false,
        items: 1,
        group: "prices",
        skipRate: true,
      });
      expect(r.outcome).toBe("ok");
      settles.push({
        reservation: r.reservation,
        status: 200,
        cost: COST,
        endpoint: "GET /v1/prices/native",
        keyId: r.keyId,
        accountId,
      });
    }
    return settles;
  }

  for (const mode of ["stall", "reset", "refuse"] as const satisfies TcpProxyMode[]) {
    it(`Redis ${mode} for 2 s: every settle sent into it is charged once after recovery`, async () => {
      const batcher = createSettleBatcher({
        store: proxiedStore,
        logger,
        metrics,
        retryForMs: RESERVATION_TIMEOUT_MS / 2,
        idleWaitMs: RESERVATION_TIMEOUT_MS / 2,
      });
      const settles = await admitted();
      const before = await credits();
      await proxy.setMode(mode);
      // half the settles in one turn, the rest a second later, all into the outage
      for (const s of settles.slice(0, CALLS / 2)) batcher.add(s);
      batcher.send();
      await sleep(1000);
      for (const s of settles.slice(CALLS / 2)) batcher.add(s);
      batcher.send();
      await sleep(1000);
      expect(await openReservations()).toBe(CALLS);
      await proxy.setMode("forward");
      await batcher.idle();
      // the reservations were taken from the credits at admit; the settles charge them, no refund
      expect(await openReservations()).toBe(0);
      expect(await credits()).toBe(before);
      const usage = await store.sweepReservations();
      expect(usage).toBe(0);
      // the same settles again, straight and through the batcher: nothing more is charged
      expect(await store.settleCovered(settles)).toBe(0);
      const again = createSettleBatcher({ store, logger, metrics, retryForMs: 1000, idleWaitMs: 1000 });
      for (const s of settles) again.add(s);
      await again.idle();
      expect(await credits()).toBe(before);
      expect(errors).toEqual([]);
    }, 30_000);
  }

  it("stream charges batched across connections: reserved once per turn, settled once through a reset", async () => {
    const settles = createSettleBatcher({
      store: proxiedStore,
      logger,
      metrics,
      retryForMs: RESERVATION_TIMEOUT_MS / 2,
      idleWaitMs: RESERVATION_TIMEOUT_MS / 2,
    });
    const charges = createStreamChargeBatcher({
      store: proxiedStore,
      settles,
      refusal: () => new Error("refused") as never,
    });
    const keyId = (await store.admit({ ...probe, keyHash })).keyId;
    const caller = { accountId, keyId };
    const start = await credits();
    // CALLS connections charging COST events each in one turn: one reservation of their sum
    const left = await Promise.all(
      Array.from({ length: CALLS }, () =>
        charges.charge({ keyHash, caller, channel: "trades", events: COST }),
      ),
    );
    expect(new Set(left)).toEqual(new Set([start - CALLS * COST]));
    // the settle is queued for the end of this turn: Redis resets before it goes out
    await proxy.setMode("reset");
    await sleep(1000);
    expect(await openReservations()).toBe(1);
    await proxy.setMode("forward");
    await settles.idle();
    expect(await openReservations()).toBe(0);
    expect(await credits()).toBe(start - CALLS * COST);
    expect(await store.sweepReservations()).toBe(0);
    expect(errors).toEqual([]);
  }, 30_000);

  it("counts the charges: settled calls spend exactly CALLS x COST, failed ones are not refunded twice", async () => {
    const start = await credits();
    const settles = await admitted();
    expect(await credits()).toBe(start - CALLS * COST);
    // a non-2xx settle refunds the reservation; sent twice, it refunds once
    const failed = settles.map((s) => ({ ...s, status: 503 }));
    expect(await store.settleCovered(failed)).toBe(CALLS);
    expect(await store.settleCovered(failed)).toBe(0);
    expect(await credits()).toBe(start);
  });

  it("a settle landing after the sweep gave its reservation back charges its served call once", async () => {
    // a store whose reservations time out at once, so its sweep takes every open one now
    const sweeper = createBillingStore({
      redis: direct,
      pg: db.pool,
      config: { ...config, reservationTimeoutMs: 1 },
    });
    const start = await credits();
    const settles = await admitted();
    await sleep(5);
    expect(await sweeper.sweepReservations()).toBe(CALLS);
    expect(await openReservations()).toBe(0);
    expect(await credits()).toBe(start);
    // half were served (2xx), half failed: only the served ones are charged, and only once
    const late = settles.map((s, i) => (i % 2 === 0 ? s : { ...s, status: 503 }));
    const batcher = createSettleBatcher({ store, logger, metrics, retryForMs: 1000, idleWaitMs: 1000 });
    for (const s of late) batcher.add(s);
    await batcher.idle();
    expect(await credits()).toBe(start - (CALLS / 2) * COST);
    expect(await store.settleCovered(late)).toBe(0);
    expect(await credits()).toBe(start - (CALLS / 2) * COST);
    expect(await direct.zcard(`${prefix}resv:swept`)).toBe(0);
  });

  it("the sweep drops its traces after four reservation timeouts: a settle later than that charges nothing", async () => {
    const sweeper = createBillingStore({
      redis: direct,
      pg: db.pool,
      config: { ...config, reservationTimeoutMs: 2 },
    });
    const start = await credits();
    const settles = await admitted();
    await sleep(5);
    expect(await sweeper.sweepReservations()).toBe(CALLS);
    expect(await direct.zcard(`${prefix}resv:swept`)).toBe(CALLS);
    await sleep(20);
    expect(await sweeper.sweepReservations()).toBe(0);
    expect(await direct.zcard(`${prefix}resv:swept`)).toBe(0);
    expect(await store.settleCovered(settles)).toBe(0);
    expect(await credits()).toBe(start);
  });

  it("gives up after retryForMs with an error log and the dropped metric, leaving the reservations to the sweep", async () => {
    const batcher = createSettleBatcher({
      store: proxiedStore,
      logger,
      metrics,
      retryForMs: 1500,
      idleWaitMs: 5000,
    });
    const start = await credits();
    const settles = await admitted();
    await proxy.setMode("refuse");
    for (const s of settles) batcher.add(s);
    await batcher.idle();
    await proxy.setMode("forward");
    expect(errors.filter((m) => /retried for 1500 ms/.test(m))).toHaveLength(1);
    expect(await metrics.getSingleMetricAsString("tapeline_settles_dropped_total")).toMatch(
      new RegExp(`tapeline_settles_dropped_total ${CALLS}\\b`),
    );
    expect(await openReservations()).toBe(CALLS);
    expect(await credits()).toBe(start - CALLS * COST);
    errors.length = 0;
  }, 30_000);

  it("caps the settles waiting for Redis: past the cap the oldest batch is dropped", async () => {
    const local = new Registry();
    const batcher = createSettleBatcher({
      store: proxiedStore,
      logger,
      metrics: local,
      retryForMs: 4000,
      idleWaitMs: 5000,
      maxPending: CALLS / 2,
    });
    const settles = await admitted();
    await proxy.setMode("refuse");
    for (const s of settles.slice(0, CALLS / 2)) batcher.add(s);
    batcher.send();
    await sleep(300);
    for (const s of settles.slice(CALLS / 2)) batcher.add(s);
    batcher.send();
    await sleep(300);
    await proxy.setMode("forward");
    await batcher.idle();
    expect(errors.filter((m) => /too many waiting/.test(m))).toHaveLength(1);
    expect(await local.getSingleMetricAsString("tapeline_settles_dropped_total")).toMatch(
      new RegExp(`tapeline_settles_dropped_total ${CALLS / 2}\\b`),
    );
    // the newer half was written, the older half waits for the sweep
    expect(await openReservations()).toBe(CALLS + CALLS / 2);
    errors.length = 0;
  }, 30_000);
});
