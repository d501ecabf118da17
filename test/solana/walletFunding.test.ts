import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletEndpoints } from "../../services/api/src/endpoints/wallet/endpoints.ts";
import { createSolanaReplayServer } from "../../services/ingest/src/solana/replay/createSolanaReplayServer.ts";
import { replayBlocksFromRecording } from "../../services/ingest/src/solana/replay/replayBlocksFromRecording.ts";
import { createSolanaRpcSource } from "../../services/ingest/src/solana/source/createSolanaRpcSource.ts";
import { createSolanaWorker } from "../../services/ingest/src/solana/worker/createSolanaWorker.ts";
import { funderTags } from "../../services/query/src/funding/funderTags.ts";
import { provider as fundingProvider } from "../../services/query/src/funding/provider.ts";
import { serveApi } from "../api/serveApi.ts";
import { fixtureRecording, rawView } from "./fixtureData.ts";
import { flatInstructions } from "./fixtureSwapLegs.ts";

/**
 * Wallet funding on the recorded mainnet blocks, replayed through the Solana worker: every system
 * program transfer of the blocks (top-level and inner, read here from the instructions' own
 * bytes) that lands on an account holding no lamports before its transaction funds that account;
 * a wallet's funding is the earliest of them by slot, transaction and instruction order. Every
 * such wallet's GET /v1/wallet/funding equals it; the batch form answers per slot; every bound
 * and error over HTTP.
 */

const SYSTEM = "11111111111111111111111111111111";
type Funding = { funder: string; fundedAt: number; txHash: string; amountNative: string };

let db: TestDatabase;
let api: Awaited<ReturnType<typeof serveApi>>;
const expected = new Map<string, Funding>();
/** wallets that received a transfer but already held lamports: no funding known */
const unfunded = new Set<string>();

beforeAll(async () => {
  db = await createTestDatabase();
  const blocks = replayBlocksFromRecording(fixtureRecording());
  const server = await createSolanaReplayServer({ blocks });
  const source = createSolanaRpcSource({ endpoints: [server.url], backoffMs: 1 });
  await createSolanaWorker({ source, db: db.pool, startSlot: BigInt(server.slots[0]!) }).runUntil(
    BigInt(server.slots.at(-1)!),
  );
  await server.close();
  const seen = new Set<string>();
  for (const b of [...blocks].sort((x, y) => Number(x.slot) - Number(y.slot))) {
    b.transactions.forEach((raw) => {
      const view = rawView(raw);
      const sig = ((raw.transaction as { signatures: string[] }).signatures ?? [])[0] ?? "";
      if (view.failed || seen.has(sig) || b.blockTime === null) return;
      seen.add(sig);
      const pre = (raw.meta as { preBalances: number[] }).preBalances;
      flatInstructions(raw).forEach((ix) => {
        const d = ix.data;
        if (ix.programId !== SYSTEM || d.length < 12 || d.readUInt32LE(0) !== 2) return;
        const [from, to] = ix.accounts as [string, string];
        const lamports = d.readBigUInt64LE(4);
        if (lamports === 0n || from === to) return;
        if (pre[view.keys.indexOf(to)] !== 0) {
          if (!expected.has(to)) unfunded.add(to);
          return;
        }
        if (expected.has(to)) return;
        unfunded.delete(to);
        expected.set(to, {
          funder: from,
          fundedAt: b.blockTime! * 1000,
          txHash: sig,
          amountNative: lamports.toString(),
        });
      });
    });
  }
  api = await serveApi({
    pool: db.pool,
    name: "wallet-funding",
    providers: [fundingProvider],
    endpoints: [walletEndpoints],
  });
}, 180_000);

afterAll(async () => {
  await api?.close();
  await db?.drop();
});

const tags = funderTags();
const get = async (q: Record<string, string>) => {
  const res = await fetch(`${api.url}/v1/wallet/funding?${new URLSearchParams(q)}`);
  return {
    status: res.status,
    body: (await res.json()) as {
      data: Record<string, unknown>;
      error: { code: string; details: { param?: string } };
    },
  };
};
const post = async (body: unknown) => {
  const res = await fetch(`${api.url}/v1/wallet/funding`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      data: Record<string, unknown>[];
      error: { code: string; details: { param?: string } };
    },
  };
};

describe("wallet funding on the recorded Solana blocks", () => {
  it("serves every funded account's earliest funding transfer, read from the instructions' bytes", async () => {
    expect(expected.size).toBeGreaterThan(5);
    for (const [wallet, f] of expected) {
      const a = await get({ chain: "solana", wallet });
      expect(a.status, wallet).toBe(200);
      expect(a.body.data, wallet).toEqual({
        chain: "solana",
        ...f,
        funderTag: tags.get(`solana/${f.funder}`) ?? null,
      });
    }
  });

  it("answers 404 for a wallet that already held lamports when first paid", async () => {
    expect(unfunded.size).toBeGreaterThan(0);
    for (const wallet of [...unfunded].slice(0, 20)) {
      const a = await get({ chain: "solana", wallet });
      expect(a.status, wallet).toBe(404);
      expect(a.body.error.code).toBe("NOT_FOUND");
    }
  });

  it("answers the batch per slot in input order", async () => {
    const [w0, w1] = [...expected.keys()];
    const items = [
      { chain: "solana", wallet: w0 },
      { chain: "solana", wallet: [...unfunded][0] },
      { chain: "solana", wallet: "0xnotbase58" },
      { chain: "evm:1", wallet: `0x${"12".repeat(20)}` },
      { chain: "solana:solana", wallet: w1 },
      { chain: "solana", wallet: w0, extra: 1 },
    ];
    const a = await post({ items });
    expect(a.status).toBe(200);
    const slots = a.body.data as { data?: Record<string, unknown>; error?: { code: string } }[];
    expect(slots).toHaveLength(items.length);
    expect(slots[0]!.data).toMatchObject(expected.get(w0!)!);
    expect(slots[1]!.error?.code).toBe("NOT_FOUND");
    expect(slots[2]!.error?.code).toBe("INVALID_PARAM");
    expect(slots[3]!.error?.code).toBe("NOT_FOUND");
    expect(slots[4]!.data).toMatchObject(expected.get(w1!)!);
    expect(slots[5]!.error?.code).toBe("INVALID_PARAM");
  });

  it("refuses every bad parameter with 400 INVALID_PARAM naming it", async () => {
    const w = [...expected.keys()][0]!;
    for (const [q, param] of [
      [{ wallet: w }, "chain"],
      [{ chain: "solana" }, "wallet"],
      [{ chain: "solana", wallet: "0xabc" }, "wallet"],
      [{ chain: "evm:1", wallet: "nothex" }, "wallet"],
      [{ chain: "tron", wallet: w }, "chain"],
      [{ chain: "solana", wallet: w, limit: "5" }, "limit"],
    ] as [Record<string, string>, string][]) {
      const a = await get(q);
      expect(a.status, JSON.stringify(q)).toBe(400);
      expect(a.body.error.code).toBe("INVALID_PARAM");
      expect(a.body.error.details.param, JSON.stringify(q)).toBe(param);
    }
    const evm = (i: number) => ({ chain: "evm:1", wallet: `0x${i.toString(16).padStart(40, "0")}` });
    const sol = { chain: "solana", wallet: w };
    for (const [body, param] of [
      [{ items: [] }, "items"],
      [{ items: Array.from({ length: 101 }, (_, i) => evm(i + 1)) }, "items"],
      [{ items: Array.from({ length: 21 }, () => sol) }, "items"],
      [{ items: [sol], limit: 3 }, "limit"],
      [{}, "items"],
    ] as [unknown, string][]) {
      const a = await post(body);
      expect(a.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(a.body.error.code).toBe("INVALID_PARAM");
      expect(a.body.error.details.param).toBe(param);
    }
    // the bounds themselves are served: 100 wallets, 20 of them on Solana
    const full = await post({
      items: [...Array.from({ length: 80 }, (_, i) => evm(i + 1)), ...Array.from({ length: 20 }, () => sol)],
    });
    expect(full.status).toBe(200);
    expect(full.body.data).toHaveLength(100);
  });
});
