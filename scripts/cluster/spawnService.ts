import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, type WriteStream } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The checkout's root: entry points are given relative to it, as the Dockerfile's CMDs are. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** One service of the cluster as its own OS process, restartable with the same configuration. */
export type ServiceProcess = {
  readonly name: string;
  /** The port its HTTP server (API, RPC, or /healthz, /readyz and /metrics) listens on. */
  readonly port: number;
  readonly url: string;
  /** The running process's id, or null while it is down. */
  readonly pid: number | null;
  /** (Re)starts the process; resolves once `/readyz` answers 200. */
  start(): Promise<void>;
  /** Sends `signal` and resolves once the process has exited; it stays down until `start`. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** The last lines it printed, for error messages. */
  tail(): string;
};

export type SpawnServiceOptions = {
  name: string;
  /** Entry point relative to the checkout, e.g. `services/query/src/index.ts`. */
  entry: string;
  port: number;
  /** The variables its container would get (PATH and PORT are added). */
  env: Record<string, string>;
  /** File the process's output is appended to; kept in memory only when absent. */
  logFile?: string;
  /** Options given to node before the entry (e.g. `--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
  /** How long `start` waits for `/readyz`. @defaultValue 180000 */
  readyTimeoutMs?: number;
};

/** How long after an exit nobody asked for the process is started again (a kubelet's first backoff). */
const RESTART_AFTER_MS = 1000;

const TAIL_LINES = 40;

/**
 * A service process run the way its image runs it (`node --import tsx <entry>`, see the
 * Dockerfile) with only PATH and its own variables in the environment.
 */
export function spawnService(opts: SpawnServiceOptions): ServiceProcess {
  const url = `http://127.0.0.1:${opts.port}`;
  const lines: string[] = [];
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let log: WriteStream | null = null;
  let stopped = false;

  const keep = (chunk: Buffer) => {
    log?.write(chunk);
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim() === "") continue;
      lines.push(line);
      if (lines.length > TAIL_LINES) lines.shift();
    }
  };

  async function start(): Promise<void> {
    if (child) throw new Error(`${opts.name} is already running`);
    stopped = false;
    log ??= opts.logFile ? createWriteStream(opts.logFile, { flags: "a" }) : null;
    const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), "--import", "tsx", opts.entry], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? "", ...opts.env, PORT: String(opts.port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = proc;
    proc.stdout?.on("data", keep);
    proc.stderr?.on("data", keep);
    exited = new Promise((resolve) =>
      proc.once("exit", (code, signal) => {
        if (child === proc) child = null;
        resolve();
        if (stopped || ready !== true) return;
        // Like a pod's container, a process that ends on its own is started again.
        keep(Buffer.from(`${opts.name} exited (${signal ?? code}); starting it again\n`));
        setTimeout(() => {
          if (!stopped && !child) start().catch(() => {});
        }, RESTART_AFTER_MS);
      }),
    );
    let ready = false;
    const deadline = Date.now() + (opts.readyTimeoutMs ?? 180_000);
    for (;;) {
      if (child !== proc) throw new Error(`${opts.name} exited while starting:\n${lines.join("\n")}`);
      if (await answersReady(url)) {
        ready = true;
        return;
      }
      if (Date.now() > deadline)
        throw new Error(
          `${opts.name} not ready after ${opts.readyTimeoutMs ?? 180_000} ms:\n${lines.join("\n")}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return {
    name: opts.name,
    port: opts.port,
    url,
    get pid() {
      return child?.pid ?? null;
    },
    start,
    async kill(signal) {
      stopped = true;
      const proc = child;
      if (!proc) return;
      proc.kill(signal);
      await exited;
    },
    tail: () => lines.join("\n"),
  };
}

async function answersReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}
