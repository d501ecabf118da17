import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { freePort } from "@tapeline/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES_ROOT, rawView } from "../solana/fixtureData.ts";
import { fixtureSwapCases, tokenMint } from "../solana/fixtureSwapLegs.ts";

/** Processes whose command line names this stack's ports (anvil, the dev process, its Postgres child). */
function processesMentioning(marker: string): string[] {
  const out = execFileSync("ps", ["-eo", "pid,args"], { encoding: "utf8" });
  return out.split("\n").filter((line) => line.includes(marker) && !line.includes("ps -eo"));
}

async function waitFor<T>(fn: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 500));
  }
}

// The `make dev` entry point as a newcomer runs it: one process, nothing installed but npm packages.
describe("dev entry point (services/dev/src/index.ts)", () => {
  let child: ChildProcess;
  let apiPort: number;
  let evmPort: number;
  let output = "";

  beforeAll(async () => {
    apiPort = await freePort();
    evmPort = await freePort();
    child = spawn(process.execPath, ["--import", "tsx", "services/dev/src/index.ts"], {
      env: {
        ...process.env,
        PORT: String(apiPort),
        DEV_EVM_PORT: String(evmPort),
        DEV_API_KEY: "test-dev-key",
        DATABASE_URL: "",
        TAPELINE_FIXTURES: FIXTURES_ROOT,
      },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (d) => {
      output += d;
    });
    child.stderr?.on("data", (d) => {
      output += d;
    });
  });

  afterAll(() => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGKILL");
  });

  it("serves GET /v1/meta/chains within 60 s, listing evm:31337", async () => {
    const body = await waitFor(async () => {
      const res = await fetch(`http://127.0.0.1:${apiPort}/v1/meta/chains`);
      return res.ok ? ((await res.json()) as { data: Record<string, unknown>[] }) : null;
    }, 60_000);
    const devnet = body.data.find((c) => c.chain === "evm:31337");
    expect(devnet).toMatchObject({ family: "evm", nativeSymbol: "ETH", status: "live" });
    expect(typeof devnet?.name).toBe("string");
    expect(typeof devnet?.slug).toBe("string");
  });

  it("refuses an unknown parameter with INVALID_PARAM naming it", async () => {
    const res = await fetch(`http://127.0.0.1:${apiPort}/v1/meta/chains?foo=1`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { param: string } } };
    expect(body.error.code).toBe("INVALID_PARAM");
    expect(body.error.details.param).toBe("foo");
  });

  it("indexes the local chain: readiness reports an indexed block", async () => {
    const chain = await waitFor(async () => {
      const res = await fetch(`http://127.0.0.1:${apiPort}/readyz`);
      const body = (await res.json()) as { chains: { chain: string; indexedBlock: number | null }[] };
      const c = body.chains.find((x) => x.chain === "evm:31337");
      return c && c.indexedBlock !== null && c.indexedBlock > 0 ? c : null;
    }, 60_000);
    expect(chain.indexedBlock).toBeGreaterThan(0);
  });

  it("replays the recorded Solana blocks: readiness reports a Solana head", async () => {
    const chain = await waitFor(async () => {
      const res = await fetch(`http://127.0.0.1:${apiPort}/readyz`);
      const body = (await res.json()) as {
        chains: { chain: string; headBlock: number | null; indexedBlock: number | null }[];
      };
      const c = body.chains.find((x) => x.chain === "solana");
      return c && c.headBlock !== null && c.indexedBlock !== null && c.indexedBlock >= c.headBlock ? c : null;
    }, 120_000);
    expect(chain.headBlock).toBeGreaterThan(0);
  });

  it("serves a recorded pump.fun token with its launchpad block and its trades", async () => {
    // a recorded pump.fun buy, its bonding curve and mint named by the pump.fun IDL in the fixtures
    const buy = fixtureSwapCases().find((c) => c.key === "pumpfun_buy_0")!;
    const leg = buy.legs.find((l) => l.venue === "pumpfun")!;
    const mint = leg.vaults.map((v) => tokenMint(buy.raw, v)).find((m) => m !== null)!;
    const signature = rawView(buy.raw).signature;
    const headers = { Authorization: "test-dev-key" };
    const token = await fetch(`http://127.0.0.1:${apiPort}/v1/token?chain=solana&address=${mint}`, {
      headers,
    });
    const body = (await token.json()) as { data: { launchpad: { poolAddress: string } | null } };
    expect(token.status, JSON.stringify(body)).toBe(200);
    expect(body.data.launchpad?.poolAddress).toBe(leg.pool);
    const trades = await fetch(`http://127.0.0.1:${apiPort}/v1/token/trades?chain=solana&address=${mint}`, {
      headers,
    });
    const page = (await trades.json()) as { data: { txHash: string }[] };
    expect(trades.status, JSON.stringify(page)).toBe(200);
    expect(page.data.map((t) => t.txHash)).toContain(signature);
  });

  it("stops everything on Ctrl-C (SIGINT to the process group) and leaves no process behind", async () => {
    process.kill(-child.pid!, "SIGINT");
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code, output.slice(-2000)).toBe(0);
    await waitFor(async () => (processesMentioning(`--port ${evmPort}`).length === 0 ? true : null), 10_000);
    expect(processesMentioning(`--port ${evmPort}`)).toEqual([]);
    // The embedded Postgres runs from a fresh tapeline-dev-pg-* data directory; none may survive.
    await waitFor(async () => (processesMentioning("tapeline-dev-pg-").length === 0 ? true : null), 10_000);
    expect(output).not.toContain("Unhandled");
  });
});
