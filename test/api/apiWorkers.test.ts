/**
 * The router's entry point with API_WORKERS=2, as a real process tree: the primary forks two
 * workers sharing the port, aggregates their metrics, replaces one that dies, and stops them all
 * on SIGTERM.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@tapeline/core/testing";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dir = mkdtempSync(path.join(tmpdir(), "tapeline-workers-"));
let child: ChildProcess | null = null;

afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Live worker processes of `pid`, read from /proc: its children running the router's entry point
 * (the TypeScript loader may run a compiler process of its own next to them).
 */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // fields after the command name: state, ppid
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(ppid) !== pid || state === "Z") continue;
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("services/api/src/index.ts"))
        out.push(Number(entry));
    } catch {
      // the process ended while being read
    }
  }
  return out.sort();
}

async function until<T>(probe: () => Promise<T | null> | T | null, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

let served = 0;
const healthy = async (url: string) =>
  fetch(`${url}/healthz`, { headers: { connection: "close" } })
    .then((r) => {
      if (r.status !== 200) return null;
      served++;
      return true;
    })
    .catch(() => null);

/** The /healthz request count of a /metrics answer. */
async function healthzCount(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { connection: "close" } })).text();
  const line = text
    .split("\n")
    .find((l) => l.startsWith('http_request_duration_seconds_count{route="/healthz"'));
  return Number(line?.split(" ").at(-1) ?? 0);
}

describe("router entry point with API_WORKERS", () => {
  it("serves from two workers, scrapes their metrics together, replaces a killed one, and stops all on SIGTERM", async () => {
    const port = await freePort();
    const mapPath = path.join(dir, "shards.json");
    writeFileSync(
      mapPath,
      JSON.stringify({ version: 1, partitions: 16, shards: [{ name: "q-0", url: "http://127.0.0.1:9" }] }),
    );
    child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "services/api/src/index.ts")], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        LOG_LEVEL: "warn",
        API_WORKERS: "2",
        BILLING_ENABLED: "false",
        SHARD_MAP_PATH: mapPath,
        HOST: "127.0.0.1",
        PORT: String(port),
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const primary = child.pid!;
    const url = `http://127.0.0.1:${port}`;
    await until(() => healthy(url));
    const first = await until(() => {
      const c = childrenOf(primary);
      return c.length === 2 ? c : null;
    });

    // connections go round-robin to the workers; every scrape, whichever worker answers it,
    // counts the requests of both
    for (let i = 0; i < 10; i++) expect(await healthy(url)).toBe(true);
    for (let i = 0; i < 4; i++) expect(await healthzCount(url)).toBe(served);

    process.kill(first[0]!, "SIGKILL");
    const replaced = await until(() => {
      const c = childrenOf(primary);
      return c.length === 2 && !c.includes(first[0]!) ? c : null;
    });
    expect(replaced).toContain(first[1]);
    // every request on a new connection is answered while and after a worker is replaced
    for (let i = 0; i < 20; i++) expect(await healthy(url)).toBe(true);

    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    child = null;
    expect(childrenOf(primary)).toEqual([]);
    for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});
