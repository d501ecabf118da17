/**
 * The ingest container's entry point on Solana, as a real process configured the way the
 * operator configures it, over recorded mainnet blocks served by the local replay endpoint.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { marketKey } from "@tapeline/core";
import { createTestDatabase, freePort, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchWorkerReadiness } from "../../operator/src/chain/fetchWorkerReadiness.ts";
import { nextChainStatus } from "../../operator/src/chain/nextChainStatus.ts";
import { sampleChain } from "../../operator/src/testFixtures.ts";
import { createSolUsdTracker } from "../../services/ingest/src/solana/createSolUsdTracker.ts";
import { decodeSolanaBlock } from "../../services/ingest/src/solana/decodeSolanaBlock.ts";
import {
  createSolanaReplayServer,
  type SolanaReplayServer,
} from "../../services/ingest/src/solana/replay/createSolanaReplayServer.ts";
import type { ReplayBlock } from "../../services/ingest/src/solana/replay/ReplayBlock.ts";
import { replayBlocksFromRecording } from "../../services/ingest/src/solana/replay/replayBlocksFromRecording.ts";
import { SOLANA_VENUES } from "../../services/ingest/src/solana/solanaVenues.ts";
import { fixtureRecording } from "../solana/fixtureData.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

let db: TestDatabase;
let server: SolanaReplayServer;
let blocks: ReplayBlock[];
let child: ChildProcess | null = null;
let serverClosed = false;

beforeAll(async () => {
  db = await createTestDatabase();
  blocks = replayBlocksFromRecording(fixtureRecording());
  server = await createSolanaReplayServer({ blocks });
});

afterAll(async () => {
  child?.kill("SIGKILL");
  if (!serverClosed) await server?.close();
  await db?.drop();
});

/** Starts the ingest entry point as the operator configures it for Solana, on a free port. */
async function startWorker(): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "services/ingest/src/index.ts")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      LOG_LEVEL: "warn",
      CHAIN_ID: "solana",
      CHAIN_NAME: "solana",
      FINALITY_DEPTH: "32",
      VENUES: SOLANA_VENUES.map((v) => v.venueType).join(","),
      START_BLOCK: String(server.slots[0]),
      RPC_URL_COUNT: "1",
      RPC_URL_0: server.url,
      DATABASE_URL: db.url,
      // a worker run alone: nothing subscribes, so no Redis
      BUS: "memory",
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { port, child: proc };
}

describe("ingest entry point on Solana", () => {
  it("follows the slots to the head, reports readiness, and exits 0 on SIGTERM", async () => {
    const started = await startWorker();
    const port = started.port;
    child = started.child;
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const exit = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    let exited = false;
    void exit.then(() => {
      exited = true;
    });
    const last = server.slots.at(-1)!;
    for (;;) {
      if (exited) throw new Error(`ingest exited early: ${stderr}`);
      const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      const body = res
        ? ((await res.json()) as { indexedBlock: number | null; headBlock: number | null })
        : null;
      if (res?.status === 200 && body?.indexedBlock === last) {
        expect(body.headBlock).toBe(last);
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }

    // the trades the decoders make of the recorded blocks, each stored once
    const tracker = createSolUsdTracker();
    const expected = new Set<string>();
    for (const b of blocks) {
      const d = decodeSolanaBlock(
        {
          slot: BigInt(b.slot),
          parentSlot: b.parentSlot === null ? null : BigInt(b.parentSlot),
          blockhash: b.blockhash,
          previousBlockhash: b.previousBlockhash,
          blockTime: b.blockTime,
          transactions: b.transactions,
        },
        { tracker },
      );
      for (const t of d.trades) expected.add(`${marketKey(t.chain, t.pool)}|${t.id}`);
    }
    expect(expected.size).toBeGreaterThan(0);
    const rows = await db.pool.query<{ k: string }>("select market || '|' || id as k from trades");
    expect(new Set(rows.rows.map((r) => r.k))).toEqual(expected);
    const chains = await db.pool.query("select chain_id, family from chains");
    expect(chains.rows).toEqual([{ chain_id: "solana", family: "solana" }]);

    child.kill("SIGTERM");
    expect(await exit).toBe(0);
    child = null;
  });
  it("a dead node: the worker warns with each failed run and its /readyz and ingest_failing say so", async () => {
    const started = await startWorker();
    child = started.child;
    let logs = "";
    child.stdout!.on("data", (d: Buffer) => {
      logs += d.toString();
    });
    child.stderr!.on("data", (d: Buffer) => {
      logs += d.toString();
    });
    const readyz = async () => {
      const res = await fetch(`http://127.0.0.1:${started.port}/readyz`).catch(() => null);
      return res ? { status: res.status, body: (await res.json()) as { reason?: string } } : null;
    };
    const until = async (what: string, ok: () => Promise<boolean>) => {
      const end = Date.now() + 30_000;
      while (!(await ok())) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${logs}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until("readiness", async () => (await readyz())?.status === 200);

    await server.close();
    serverClosed = true;
    await until("the worker to report failing", async () => {
      const r = await readyz();
      return r?.status === 503 && /steps failed/.test(r.body.reason ?? "");
    });
    const metrics = await (await fetch(`http://127.0.0.1:${started.port}/metrics`)).text();
    expect(metrics).toMatch(/ingest_failing\{chain="solana"\} 1/);
    // the operator reads the same /readyz and turns the Chain Degraded with the worker's reason
    const seen = await fetchWorkerReadiness(`http://127.0.0.1:${started.port}/readyz`, "solana");
    expect(seen.problem).toMatch(/steps failed/);
    const status = nextChainStatus(
      sampleChain(),
      { migrated: true, availableReplicas: 1, readiness: seen, backfill: null },
      new Date().toISOString(),
    );
    const degraded = status.conditions?.find((c) => c.type === "Degraded");
    expect(degraded).toMatchObject({ status: "True", reason: "WorkerNotReady" });
    expect(degraded?.message).toBe(`worker not ready: ${seen.problem}`);
    const warned = logs
      .split("\n")
      .filter((l) => l.includes("solana run failed, retrying from the checkpoint"))
      .map((l) => JSON.parse(l) as { level: number; err?: { message?: string } });
    expect(warned.length).toBeGreaterThanOrEqual(3);
    expect(warned.every((w) => w.level === 40 && (w.err?.message ?? "").length > 0)).toBe(true);

    child.kill("SIGKILL");
    child = null;
  });
});
