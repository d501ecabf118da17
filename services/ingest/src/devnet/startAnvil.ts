import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import { DevnetError } from "./DevnetError.ts";

/** Options of {@link startAnvil}. */
export type StartAnvilOptions = {
  /** TCP port on 127.0.0.1; a free one is picked when absent. */
  port?: number;
  /** EIP-155 chain id the node reports. @defaultValue 31337 */
  chainId?: number;
  /** Interval mining every `blockTimeSec` seconds; absent means a block per transaction (automine). */
  blockTimeSec?: number;
  /** How long to wait for the node to answer `eth_chainId`. @defaultValue 20000 */
  readyTimeoutMs?: number;
};

/** A running anvil node. */
export type AnvilHandle = {
  /** HTTP JSON-RPC endpoint, e.g. `http://127.0.0.1:8545`. */
  rpcUrl: string;
  /** WebSocket JSON-RPC endpoint on the same port. */
  wsUrl: string;
  port: number;
  chainId: number;
  /** Stops the node and waits until it has exited. Safe to call more than once. */
  stop: () => Promise<void>;
};

// Anvil runs under a small sh supervisor whose stdin is a pipe from this process. The pipe closes
// when this process ends in any way, including SIGKILL, and the supervisor then stops anvil, so a
// crashed parent leaves no node behind. SIGTERM to the supervisor stops anvil and waits for it.
const SUPERVISOR = `exec 3<&0
"$@" </dev/null 3<&- &
child=$!
trap 'kill -TERM "$child" 2>/dev/null' TERM INT HUP
( while read -r _; do :; done; kill -TERM "$child" 2>/dev/null ) <&3 &
watcher=$!
wait "$child"
status=$?
wait "$child" 2>/dev/null
kill "$watcher" 2>/dev/null
exit $status`;

const PLATFORM_ARCH: Record<string, string> = { x64: "amd64", arm64: "arm64" };

/**
 * Path of the anvil binary shipped by the `@foundry-rs/anvil-<os>-<arch>` package that npm installed
 * for this machine. A globally installed anvil is never used, so every run gets the pinned version.
 * @throws DevnetError `ANVIL_NOT_FOUND` when the package for this platform is not installed.
 */
export function resolveAnvilBinary(): string {
  const arch = PLATFORM_ARCH[process.arch];
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch ?? process.arch}`;
  const require = createRequire(import.meta.url);
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch (cause) {
    throw new DevnetError("ANVIL_NOT_FOUND", `package ${pkg} is not installed (npm install)`, { cause });
  }
  const bin = path.join(dir, "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
  if (!existsSync(bin)) throw new DevnetError("ANVIL_NOT_FOUND", `anvil binary missing at ${bin}`);
  return bin;
}

/** Binds `port` (0: any) on 127.0.0.1 and releases it: the port that was free, or null if taken. */
async function probePort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : null;
      server.close(() => resolve(bound));
    });
  });
}

async function rpcChainId(rpcUrl: string): Promise<number | null> {
  try {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    const body = (await res.json()) as { result?: string };
    return typeof body.result === "string" ? Number(BigInt(body.result)) : null;
  } catch {
    return null;
  }
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

// Nodes started by this process and not yet stopped; one exit hook kills them all.
const liveNodes = new Set<ChildProcess>();

function killLiveNodes(): void {
  for (const child of liveNodes) killGroup(child, "SIGKILL");
}

async function launch(bin: string, port: number, opts: StartAnvilOptions): Promise<AnvilHandle> {
  // Whatever already listens there would answer our readiness probe in place of the new node.
  if ((await probePort(port)) === null) {
    throw new DevnetError("ANVIL_START_FAILED", `port ${port} on 127.0.0.1 is already in use`);
  }
  const chainId = opts.chainId ?? 31337;
  const args = ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId), "--quiet"];
  if (opts.blockTimeSec !== undefined) args.push("--block-time", String(opts.blockTimeSec));

  // Its own process group, so a terminal's Ctrl-C reaches only the parent, which then stops it.
  const child = spawn("/bin/sh", ["-c", SUPERVISOR, "anvil-supervisor", bin, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-4000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  child.on("error", (err) => collect(Buffer.from(`spawn failed: ${err.message}\n`)));
  // The node must not keep the parent alive; the exit hook below stops it.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) {
    (stream as unknown as { unref?: () => void } | null)?.unref?.();
  }
  liveNodes.add(child);
  if (liveNodes.size === 1) process.on("exit", killLiveNodes);

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      liveNodes.delete(child);
      if (liveNodes.size === 0) process.removeListener("exit", killLiveNodes);
      child.stdin?.end();
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      if (!(await waitForExit(child, 5000))) {
        killGroup(child, "SIGKILL");
        await waitForExit(child, 5000);
      }
    })();
    return stopping;
  };

  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const answered = await rpcChainId(rpcUrl);
    if (answered !== null) {
      if (answered !== chainId) {
        await stop();
        throw new DevnetError(
          "ANVIL_START_FAILED",
          `port ${port} answers chain id ${answered}, expected ${chainId}: another node holds it`,
        );
      }
      return { rpcUrl, wsUrl: `ws://127.0.0.1:${port}`, port, chainId, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new DevnetError("ANVIL_START_FAILED", `anvil did not answer on ${rpcUrl}: ${output.trim()}`);
}

/**
 * Starts a local anvil node from the `@foundry-rs/anvil` npm package and waits until it answers
 * `eth_chainId`. The node uses anvil's default dev accounts (10 accounts of 10000 ETH, the
 * `test test … junk` mnemonic), automines unless `blockTimeSec` is given, and listens on 127.0.0.1.
 *
 * `stop()` kills it and waits for it to exit; the node is also killed when this process exits,
 * and by its supervisor when this process dies without running exit hooks.
 *
 * @throws DevnetError `ANVIL_NOT_FOUND` or `ANVIL_START_FAILED`.
 * @example
 * const anvil = await startAnvil({ chainId: 31337 });
 * // ... anvil.rpcUrl ...
 * await anvil.stop();
 */
export async function startAnvil(opts: StartAnvilOptions = {}): Promise<AnvilHandle> {
  const bin = resolveAnvilBinary();
  if (opts.port !== undefined) return launch(bin, opts.port, opts);
  // A picked port can be taken by someone else before anvil binds it: pick again.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const port = await probePort(0);
      if (port === null) throw new DevnetError("ANVIL_START_FAILED", "no free port on 127.0.0.1");
      return await launch(bin, port, opts);
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}
