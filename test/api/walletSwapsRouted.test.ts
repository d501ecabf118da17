import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createContext, type WalletSwapRecord } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../services/api/src/createApp.ts";
import { walletEndpoints } from "../../services/api/src/endpoints/wallet/endpoints.ts";
import { openGate } from "../../services/api/src/gate.ts";
import { shardReadiness } from "../../services/api/src/http/shardReadiness.ts";
import {
  createHttpShardClient,
  type HttpShardClient,
} from "../../services/api/src/shards/createHttpShardClient.ts";
import { createInProcessShardClient } from "../../services/api/src/shards/createInProcessShardClient.ts";
import { writeBatch } from "../../services/ingest/src/writer/writeBatch.ts";
import { createQueryService, type QueryService } from "../../services/query/src/createQueryService.ts";
import { createRpcApp } from "../../services/query/src/createRpcApp.ts";
import { provider as walletProvider } from "../../services/query/src/wallet/provider.ts";
import { listen } from "./listen.ts";

/**
 * Wallet swap pages travel as text from the query pod through the router: the routed answers of
 * GET and POST /v1/wallet/swaps equal the in-process ones, and the pod's errors come back as the
 * same typed errors.
 */
const CHAIN = "evm:1" as const;
const T0 = 1_760_000_000_000;
const TOKEN = `0x${"cc".repeat(20)}`;
const walletOf = (w: number) => `0x${String(w).repeat(40).slice(0, 40)}`;
const swap = (w: number, i: number): WalletSwapRecord => ({
  chain: CHAIN,
  wallet: walletOf(w),
  txHash: `0x${w.toString(16).padStart(8, "0")}${i.toString(16).padStart(56, "0")}`,
  block: BigInt(100 + i),
  seq: 0,
  at: T0 + i * 1000,
  sent: [{ tokenAddress: TOKEN, amount: BigInt(i + 1) * 10n ** 17n }],
  received: [{ tokenAddress: `0x${"dd".repeat(20)}`, amount: 5n }],
  route: [
    {
      poolAddress: `0x${"bb".repeat(20)}`,
      poolType: "UNISWAP_V2",
      sent: { tokenAddress: TOKEN, amount: BigInt(i + 1) * 10n ** 17n },
      received: { tokenAddress: `0x${"dd".repeat(20)}`, amount: 5n },
    },
  ],
  volumeNative: String((i + 1) / 10),
  feesNative: "0.001",
});

let db: TestDatabase;
let service: QueryService;
let pod: Server;
let client: HttpShardClient;
let dir: string;
const ctx = createContext({ name: "wallet-routed-test", level: "silent" });

beforeAll(async () => {
  db = await createTestDatabase();
  await writeBatch(db.pool, {
    chain: CHAIN,
    blocks: [],
    trades: [],
    walletSwaps: [1, 2, 3].flatMap((w) => Array.from({ length: 7 }, (_, i) => swap(w, i))),
    pools: [],
    tokens: [
      { chain: CHAIN, address: TOKEN, name: 'The "C" token', symbol: "C", decimals: 18, totalSupply: null },
    ],
  });
  service = await createQueryService({ pool: db.pool, ctx, providers: [walletProvider] });
  pod = createRpcApp({ service, ctx }).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => pod.once("listening", resolve));
  dir = mkdtempSync(path.join(tmpdir(), "tl-wallet-map-"));
  const mapPath = path.join(dir, "shards.json");
  const { port } = pod.address() as AddressInfo;
  writeFileSync(
    mapPath,
    JSON.stringify({
      version: 1,
      partitions: 4096,
      shards: [{ name: "q-0", url: `http://127.0.0.1:${port}` }],
    }),
  );
  client = await createHttpShardClient({ mapPath, ctx, pollMs: 0, timeoutMs: 10_000 });
});

afterAll(async () => {
  await client?.close();
  await new Promise<void>((resolve) => {
    pod?.closeAllConnections();
    pod ? pod.close(() => resolve()) : resolve();
  });
  await service?.close();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("wallet swaps through the router", () => {
  it("answers GET and POST as the in-process shard does, errors included", async () => {
    const app = (shards: Parameters<typeof createApp>[0]["shards"]) =>
      listen(
        createApp({
          endpoints: [walletEndpoints],
          shards,
          gate: openGate,
          ctx,
          readiness: shardReadiness(shards),
        }),
      );
    const routed = await app(client);
    const local = await app(createInProcessShardClient(service.api));
    try {
      const ask = async (base: string, p: string, body?: unknown) => {
        const res = await fetch(
          `${base}${p}`,
          body === undefined
            ? {}
            : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
        );
        const json = (await res.json()) as { meta?: Record<string, unknown> };
        return { status: res.status, json: json.meta ? { ...json, meta: { ...json.meta, asOf: 0 } } : json };
      };
      const first = await ask(local.url, `/v1/wallet/swaps?chain=${CHAIN}&wallet=${walletOf(1)}&limit=3`);
      const cursor = (first.json.meta as { nextCursor: string }).nextCursor;
      const gets = [
        `/v1/wallet/swaps?chain=${CHAIN}&wallet=${walletOf(1)}&limit=3`,
        `/v1/wallet/swaps?chain=${CHAIN}&wallet=${walletOf(1)}&limit=3&cursor=${cursor}`,
        `/v1/wallet/swaps?chain=${CHAIN}&wallet=${walletOf(2)}&limit=100&from=${T0 + 2000}`,
        `/v1/wallet/swaps?chain=${CHAIN}&wallet=${walletOf(9)}`,
        `/v1/wallet/swaps?chain=${CHAIN}&wallet=${walletOf(1)}&cursor=abc`,
      ];
      for (const p of gets) expect(await ask(routed.url, p), p).toEqual(await ask(local.url, p));
      expect(first.status).toBe(200);
      expect((await ask(routed.url, gets[4]!)).status).toBe(400);
      const post = {
        items: [
          { chain: CHAIN, wallet: walletOf(3) },
          { chain: CHAIN, wallet: walletOf(1), cursor },
          { chain: CHAIN, wallet: "nope" },
          { chain: CHAIN, wallet: walletOf(2), cursor: "abc" },
        ],
        limit: 2,
      };
      const a = await ask(routed.url, "/v1/wallet/swaps", post);
      expect(a).toEqual(await ask(local.url, "/v1/wallet/swaps", post));
      expect(a.status).toBe(200);
    } finally {
      await routed.close();
      await local.close();
    }
  });
});
