import { execFileSync } from "node:child_process";

/** Runs once per `vitest run`: makes the binaries shipped in packages usable (anvil, postgres). */
export default function setup(): void {
  execFileSync(process.execPath, ["scripts/prepare-binaries.mjs"], { stdio: "ignore" });
}
