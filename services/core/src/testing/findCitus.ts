import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/** Where the machine's PostgreSQL server binaries live, and whether Citus is built for them. */
export type CitusInstall = { bindir: string; pkglibdir: string; installed: boolean };

/**
 * Looks for the `citus` extension built for the PostgreSQL whose `pg_config` is on PATH (its
 * `citus.so` in `pg_config --pkglibdir`). Null when there is no `pg_config` at all.
 */
export function findCitus(): CitusInstall | null {
  const ask = (flag: string): string | null => {
    try {
      return execFileSync("pg_config", [flag], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim();
    } catch {
      return null;
    }
  };
  const bindir = ask("--bindir");
  const pkglibdir = ask("--pkglibdir");
  if (bindir === null || pkglibdir === null) return null;
  return { bindir, pkglibdir, installed: existsSync(path.join(pkglibdir, "citus.so")) };
}
