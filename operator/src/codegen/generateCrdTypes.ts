import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { renderCrdTypes } from "./renderCrdTypes.ts";

/** The repository root (three levels above this file). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Where the generated types live. */
export const CRD_TYPES_FILE = path.join(REPO_ROOT, "operator/src/generated/crdTypes.ts");

/**
 * Renders the types of every crds/*.yaml (sorted by file name) and formats them with the project's
 * biome settings, so the committed file passes `biome check` and the up-to-date test compares exactly.
 * @returns the content crdTypes.ts must have.
 */
export function generateCrdTypes(root = REPO_ROOT): string {
  const dir = path.join(root, "crds");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), "utf8"));
  const source = renderCrdTypes(files);
  return execFileSync(
    path.join(root, "node_modules/.bin/biome"),
    ["format", `--stdin-file-path=${CRD_TYPES_FILE}`],
    { cwd: root, input: source, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] },
  );
}
