import http from "node:http";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { envelope } from "@tapeline/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "../../services/api/src/createApp.ts";
import { defineEndpoint } from "../../services/api/src/endpoint.ts";
import type { ShardClient } from "../../services/api/src/shardClient.ts";
import { listen } from "../api/listen.ts";
import { accountWithKey, type BillingHarness, createBillingHarness } from "./billingHarness.ts";
import { keyRequest } from "./request.ts";

const UNLIMITED = { ratePerMinute: 100_000, burstPerSecond: 10_000, groupCaps: null };

/** Handlers that answer only when the test lets them, so a client can give up first. */
function createHold() {
  let release: () => void = () => {};
  let gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered = 0;
  return {
    async wait(): Promise<void> {
      entered++;
      await gate;
    },
    entered: () => entered,
    release: () => release(),
    reset() {
      entered = 0;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  };
}

const hold = createHold();
let holding = false;

const endpoints = [
  defineEndpoint({
    method: "GET",
    path: "/v1/token/ohlcv",
    summary: "5 credits",
    response: z.unknown(),
    credits: { kind: "flat", amount: 5 },
    async handler() {
      if (holding) await hold.wait();
      return { body: envelope({ candles: [] }) };
    },
  }),
  defineEndpoint({
    method: "POST",
    path: "/v1/pool",
    summary: "1 per market",
    body: z.strictObject({ items: z.array(z.string()).min(1).max(100) }),
    response: z.unknown(),
    credits: { kind: "perItem", amount: 1 },
    batch: true,
    async handler({ body }) {
      if (holding) await hold.wait();
      return { body: envelope(body.items.map((pool) => ({ data: { pool } }))) };
    },
  }),
  defineEndpoint({
    method: "POST",
    path: "/v1/pool/expanded",
    summary: "1 per served item; one announced item may serve several",
    body: z.strictObject({ items: z.array(z.string()).min(1).max(100) }),
    response: z.unknown(),
    credits: { kind: "perItem", amount: 1 },
    batch: true,
    countItems: () => 1,
    async handler({ body }) {
      if (holding) await hold.wait();
      return {
        body: envelope(body.items.map((pool) => ({ data: { pool } }))),
        servedItems: body.items.length,
      };
    },
  }),
];

const noShards = new Proxy({} as ShardClient, {
  get() {
    throw new Error("these endpoints read no shard");
  },
});

/** Sends a request on a fresh connection and closes it at once, before any answer can arrive. */
function sendAndClose(url: string, raw: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.end(raw, () => {
        socket.destroy();
        resolve();
      });
    });
    socket.on("error", reject);
  });
}

/** A request whose client gives up when `giveUp` resolves, as a client with a timeout does. */
function requestGivingUp(
  url: string,
  opts: { method: string; secret: string; body?: unknown; giveUp: Promise<void> },
): Promise<"gave up" | number> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(url, {
      method: opts.method,
      agent: false,
      headers: {
        authorization: opts.secret,
        ...(payload
          ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
          : {}),
      },
    });
    void opts.giveUp.then(() => {
      req.destroy();
      resolve("gave up");
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", (err) => {
      if (req.destroyed) return;
      reject(err);
    });
    req.end(payload);
  });
}

function rawGet(path: string, secret: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${secret}\r\n\r\n`;
}

function rawPost(path: string, secret: string, body: unknown): string {
  const json = JSON.stringify(body);
  return `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${secret}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
}

describe("billing only what was delivered", () => {
  let h: BillingHarness;
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    h = await createBillingHarness("delivery");
    const app = createApp({
      endpoints: [endpoints],
      shards: noShards,
      gate: h.gate,
      ctx: h.ctx,
      readiness: async () => ({ serving: true, chains: [] }),
    });
    ({ url, close } = await listen(app));
  });
  afterAll(async () => {
    await close();
    await h.close();
  });

  /** Waits until the store recorded `requests` settled requests of the account (settles run after the answer). */
  async function settledRequests(accountId: string, requests: number): Promise<void> {
    for (let i = 0; i < 200; i++) {
      if ((await h.gate.store.figures(accountId))?.requests === requests) return;
      await sleep(25);
    }
    throw new Error(`the account never reached ${requests} settled requests`);
  }

  /** Open reservations of one account (each admitted call holds one until it is settled). */
  async function openReservations(accountId: string): Promise<number> {
    const members = await h.redis.zrange(`${h.prefix}resv:open`, 0, -1);
    return members.filter((m) => m.split("|")[1] === accountId).length;
  }

  it("bills nothing for requests whose sockets closed right after sending, on GET and POST", async () => {
    const a = await accountWithKey(h, { credits: 1000 });
    await h.accounts.setKeyLimits(a.accountId, a.keyId, UNLIMITED);
    await Promise.all([
      ...Array.from({ length: 20 }, () => sendAndClose(url, rawGet("/v1/token/ohlcv", a.secret))),
      ...Array.from({ length: 20 }, () =>
        sendAndClose(url, rawPost("/v1/pool", a.secret, { items: ["a", "b", "c"] })),
      ),
    ]);
    // Every request was admitted and recorded (as an error): none was dropped before the gate.
    await settledRequests(a.accountId, 40);
    expect(await openReservations(a.accountId)).toBe(0);
    expect(await h.gate.store.figures(a.accountId)).toMatchObject({ used: 0, remaining: 1000 });
  });

  it("bills nothing for clients that timed out before the answer, and completed calls exactly once", async () => {
    const a = await accountWithKey(h, { credits: 1000 });
    await h.accounts.setKeyLimits(a.accountId, a.keyId, UNLIMITED);
    holding = true;
    hold.reset();
    try {
      // The clients give up once every call is inside its handler, well before any answer.
      let timeout: () => void = () => {};
      const giveUp = new Promise<void>((resolve) => {
        timeout = resolve;
      });
      const gaveUp = Promise.all([
        ...Array.from({ length: 10 }, () =>
          requestGivingUp(`${url}/v1/token/ohlcv`, { method: "GET", secret: a.secret, giveUp }),
        ),
        ...Array.from({ length: 10 }, () =>
          requestGivingUp(`${url}/v1/pool`, {
            method: "POST",
            secret: a.secret,
            body: { items: ["a", "b"] },
            giveUp,
          }),
        ),
        // Announced 1 item, served 3: the reservation grows before the answer, and is given back.
        ...Array.from({ length: 5 }, () =>
          requestGivingUp(`${url}/v1/pool/expanded`, {
            method: "POST",
            secret: a.secret,
            body: { items: ["a", "b", "c"] },
            giveUp,
          }),
        ),
      ]);
      for (let i = 0; i < 400 && hold.entered() < 25; i++) await sleep(25);
      expect(hold.entered()).toBe(25);
      timeout();
      expect(await gaveUp).toEqual(Array(25).fill("gave up"));
      // The answers come well after the clients gave up, as they do for a client with a timeout.
      await sleep(200);
    } finally {
      holding = false;
      hold.release();
    }
    await settledRequests(a.accountId, 25);
    expect(await openReservations(a.accountId)).toBe(0);
    expect(await h.gate.store.figures(a.accountId)).toMatchObject({ used: 0, remaining: 1000 });

    // The same calls answered in full are billed once each: 10 x 5 + 10 x 2 + 5 x 3 credits, on
    // kept-alive connections and on connections closed after the answer.
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => keyRequest(`${url}/v1/token/ohlcv`, a.secret)),
      ...Array.from({ length: 5 }, () =>
        keyRequest(`${url}/v1/token/ohlcv`, a.secret, { headers: { connection: "close" } }),
      ),
      ...Array.from({ length: 10 }, () =>
        keyRequest(`${url}/v1/pool`, a.secret, { method: "POST", body: { items: ["a", "b"] } }),
      ),
      ...Array.from({ length: 5 }, () =>
        keyRequest(`${url}/v1/pool/expanded`, a.secret, { method: "POST", body: { items: ["a", "b", "c"] } }),
      ),
    ]);
    expect(answers.map((r) => r.status)).toEqual(Array(25).fill(200));
    await settledRequests(a.accountId, 50);
    expect(await openReservations(a.accountId)).toBe(0);
    const charged = 10 * 5 + 10 * 2 + 5 * 3;
    expect(await h.gate.store.figures(a.accountId)).toMatchObject({
      used: charged,
      remaining: 1000 - charged,
    });
    // The last answer's header is a balance the account really had.
    const last = await keyRequest(`${url}/v1/token/ohlcv`, a.secret);
    expect(last.headers["x-credits-remaining"]).toBe(String(1000 - charged - 5));
    await settledRequests(a.accountId, 51);
    expect((await h.gate.store.figures(a.accountId))?.remaining).toBe(1000 - charged - 5);
  });

  it("answers 402 when a call serving more items than announced outgrows the credits, and bills nothing", async () => {
    const a = await accountWithKey(h, { credits: 2 });
    const r = await keyRequest(`${url}/v1/pool/expanded`, a.secret, {
      method: "POST",
      body: { items: ["a", "b", "c"] },
    });
    expect(r.status).toBe(402);
    expect(r.body.error?.code).toBe("QUOTA_EXCEEDED");
    expect(r.headers["x-credits-remaining"]).toBe("2");
    await settledRequests(a.accountId, 1);
    expect(await openReservations(a.accountId)).toBe(0);
    expect(await h.gate.store.figures(a.accountId)).toMatchObject({ used: 0, remaining: 2 });
  });
});
