import { execFileSync } from "node:child_process";

/**
 * The uid and gid of the system's `postgres` user, which a PostgreSQL server started by a root
 * process runs as (the server refuses to run as root).
 * @returns null when there is no such user.
 */
export function postgresUserIds(): { uid: number; gid: number } | null {
  const id = (flag: string): number =>
    Number(
      execFileSync("id", [flag, "postgres"], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim(),
    );
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    return null;
  }
}
