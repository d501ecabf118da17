import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DevnetError } from "./DevnetError.ts";
import { resolveAnvilBinary, startAnvil } from "./startAnvil.ts";

/** Pids of anvil processes listening on `port`, from /proc. */
function anvilPidsOnPort(port: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    const portAt = args.indexOf("--port");
    if (args[0]?.endsWith("/anvil") && portAt > 0 && args[portAt + 1] === String(port))
      pids.push(Number(entry));
  }
  return pids;
}

async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never happened: ${what}`);
}

async function rpc(url: string, method: string): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

describe("startAnvil", () => {
  it("uses the binary from the npm package", () => {
    expect(resolveAnvilBinary()).toContain(`node_modules/@foundry-rs/anvil-${process.platform}-`);
  });

  it("serves the requested chain id on a free port and leaves no process after stop", async () => {
    const anvil = await startAnvil({ chainId: 4242 });
    try {
      expect(await rpc(anvil.rpcUrl, "eth_chainId")).toBe("0x1092");
      expect(anvilPidsOnPort(anvil.port)).toHaveLength(1);
    } finally {
      await anvil.stop();
    }
    expect(anvilPidsOnPort(anvil.port)).toEqual([]);
    await anvil.stop();
  });

  it("runs several nodes side by side and refuses a port already in use", async () => {
    const [a, b] = await Promise.all([startAnvil(), startAnvil()]);
    try {
      expect(a.port).not.toBe(b.port);
      expect(await rpc(a.rpcUrl, "eth_blockNumber")).toBe("0x0");
      expect(await rpc(b.rpcUrl, "eth_blockNumber")).toBe("0x0");
      const taken = await startAnvil({ port: a.port }).catch((err: unknown) => err);
      expect(taken).toBeInstanceOf(DevnetError);
      expect((taken as DevnetError).code).toBe("ANVIL_START_FAILED");
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it("mines on an interval when given a block time", async () => {
    const anvil = await startAnvil({ blockTimeSec: 1 });
    try {
      await eventually(async () => Number(await rpc(anvil.rpcUrl, "eth_blockNumber")) > 0, "a mined block");
      expect(await rpc(anvil.rpcUrl, "anvil_getAutomine")).toBe(false);
    } finally {
      await anvil.stop();
    }
  });

  it("is stopped by its supervisor when the parent process is killed", async () => {
    const module = fileURLToPath(new URL("./startAnvil.ts", import.meta.url));
    const script = `const { startAnvil } = await import(${JSON.stringify(module)});
const anvil = await startAnvil();
process.stdout.write(String(anvil.port) + "\\n");
setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const port = await new Promise<number>((resolve, reject) => {
      parent.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      parent.once("exit", () => reject(new Error("parent exited before starting anvil")));
    });
    expect(anvilPidsOnPort(port)).toHaveLength(1);
    parent.kill("SIGKILL");
    await eventually(() => anvilPidsOnPort(port).length === 0, `anvil on port ${port} gone`);
    expect(anvilPidsOnPort(port)).toEqual([]);
  });
});
