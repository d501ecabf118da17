import { execFile, execFileSync } from "node:child_process";
import { chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../net/freePort.ts";
import { postgresUserIds } from "../storage/postgresUserIds.ts";
import type { CitusInstall } from "./findCitus.ts";

const run = promisify(execFile);

export type CitusCluster = {
  /** Admin URLs (`postgres` superuser, trust auth) of each node's `postgres` database; the coordinator first. */
  urls: string[];
  /**
   * Stops every node (fast shutdown) and starts it again on the same data, port and settings, as
   * an operator restarting the cluster does; resolves once all accept connections.
   */
  restart(): Promise<void>;
  /** Stops every node (fast shutdown) and removes the cluster's directory. */
  stop(): Promise<void>;
};

/**
 * Starts a throwaway Citus cluster on this machine: a coordinator and `workers` workers, each a
 * PostgreSQL server of `install.bindir` (initdb + pg_ctl) on a free loopback port with
 * `shared_preload_libraries=citus`, trust auth and no durability. Databases and node
 * registration are per database in Citus, so they are made per test database
 * (see `createTestDatabase`), not here.
 *
 * PostgreSQL refuses to run as root: as root the nodes run as the system user `postgres`, which
 * owns the cluster's directory (under the OS temp directory, which every user can enter).
 */
export async function startCitusCluster(install: CitusInstall, workers = 2): Promise<CitusCluster> {
  const root = mkdtempSync(path.join(os.tmpdir(), "tl-citus-"));
  const owner = process.getuid?.() === 0 ? postgresUser() : null;
  if (owner) chownSync(root, owner.uid, owner.gid);
  const as = owner ? { uid: owner.uid, gid: owner.gid, env: { ...process.env, HOME: root } } : {};
  const bin = (name: string): string => path.join(install.bindir, name);

  const nodes: { dir: string; port: number }[] = [];
  // A run that ends without stop() (an uncaught error, process.exit) still takes its nodes down.
  const stopNow = (): void => {
    for (const n of nodes) {
      try {
        execFileSync(bin("pg_ctl"), ["-D", n.dir, "-m", "immediate", "stop"], {
          ...as,
          cwd: root,
          stdio: "ignore",
        });
      } catch {}
    }
    rmSync(root, { recursive: true, force: true });
  };
  process.once("exit", stopNow);
  const stop = async (): Promise<void> => {
    process.off("exit", stopNow);
    await Promise.all(
      nodes.map((n) =>
        run(bin("pg_ctl"), ["-D", n.dir, "-m", "fast", "-w", "stop"], { ...as, cwd: root }).catch(() => {}),
      ),
    );
    rmSync(root, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i <= workers; i++) {
      const dir = path.join(root, i === 0 ? "coordinator" : `worker${i}`);
      mkdirSync(dir, { mode: 0o700 });
      if (owner) chownSync(dir, owner.uid, owner.gid);
      nodes.push({ dir, port: await freePort() });
    }
    await Promise.all(
      nodes.map((n) =>
        run(
          bin("initdb"),
          ["-D", n.dir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"],
          { ...as, cwd: root },
        ),
      ),
    );
    await Promise.all(
      nodes.map((n) => {
        const settings = {
          listen_addresses: "127.0.0.1",
          port: String(n.port),
          unix_socket_directories: "''",
          shared_preload_libraries: "citus",
          fsync: "off",
          synchronous_commit: "off",
          full_page_writes: "off",
          max_connections: "300",
          // Test databases come and go by the dozen; their maintenance daemons need no lock slots of ours.
          max_locks_per_transaction: "256",
          // Eight shards per table across two workers: every test database is migrated anew, and
          // each shard is one more table to create; plans route the same as with the default 32.
          "citus.shard_count": "8",
        };
        const opts = Object.entries(settings)
          .map(([k, v]) => `-c ${k}=${v}`)
          .join(" ");
        return run(
          bin("pg_ctl"),
          ["-D", n.dir, "-l", path.join(n.dir, "server.log"), "-o", opts, "-w", "-t", "60", "start"],
          { ...as, cwd: root },
        );
      }),
    );
  } catch (err) {
    const logs = nodes.map((n) => {
      try {
        return readFileSync(path.join(n.dir, "server.log"), "utf8").split("\n").slice(-10).join("\n");
      } catch {
        return "";
      }
    });
    await stop();
    throw new Error(`Citus cluster did not start: ${(err as Error).message}\n${logs.join("\n")}`, {
      cause: err,
    });
  }
  const restart = async (): Promise<void> => {
    // pg_ctl restart starts each node again with the options it was started with (postmaster.opts)
    await Promise.all(
      nodes.map((n) =>
        run(
          bin("pg_ctl"),
          ["-D", n.dir, "-l", path.join(n.dir, "server.log"), "-m", "fast", "-w", "-t", "60", "restart"],
          { ...as, cwd: root },
        ),
      ),
    );
  };
  return { urls: nodes.map((n) => `postgres://postgres@127.0.0.1:${n.port}/postgres`), restart, stop };
}

function postgresUser(): { uid: number; gid: number } {
  const ids = postgresUserIds();
  if (!ids)
    throw new Error('PostgreSQL cannot run as root and there is no "postgres" user to run the Citus nodes');
  return ids;
}
