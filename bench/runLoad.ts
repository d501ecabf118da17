/**
 * HTTP load from a separate process: wrk (a C load generator, when installed) or autocannon (from
 * node_modules). Both use two client threads by default (BENCH_WRK_THREADS, and
 * BENCH_AUTOCANNON_WORKERS for autocannon's worker threads, which it can use only with one path).
 * With several paths each request takes the next one. Both are closed loops (a connection sends
 * its next request when its answer is in); autocannon's rate caps each second's requests, which
 * leave in a burst at the second's start. A latency at a given rate needs the open loop of
 * `pacedLoad.ts` ("paced": requests spread evenly over time, GET only).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export type LoadOptions = {
  url: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  durationS: number;
  /** GET by default; with POST every request sends `body` */
  method?: "GET" | "POST";
  body?: string;
  /**
   * requests per second across all connections: paced needs it, autocannon caps each second at it,
   * wrk cannot hold a rate
   */
  ratePerS?: number;
};

export type LoadResult = {
  tool: LoadGenerator;
  requestsPerS: number;
  total: number;
  /** latency percentiles in ms */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  bytesPerS: number;
  non2xx: number;
  errors: number;
  /** CPU seconds the load generator itself used (null for wrk) */
  cpuSeconds: number | null;
  /** requests of the paced schedule never sent or never answered by the end (paced only; else 0) */
  unsent: number;
};

export type LoadGenerator = "wrk" | "autocannon" | "paced";

/**
 * The load generators to measure with: BENCH_LOADGEN (wrk, autocannon or paced) names one; by
 * default wrk and autocannon when wrk is installed (their figures differ: autocannon's client
 * saturates first on large bodies, wrk reports longer tails on small ones), else autocannon.
 */
export async function loadGenerators(): Promise<LoadGenerator[]> {
  const forced = process.env.BENCH_LOADGEN;
  if (forced === "wrk" || forced === "autocannon" || forced === "paced") return [forced];
  return (await hasWrk()) ? ["wrk", "autocannon"] : ["autocannon"];
}

export async function runLoad(tool: LoadGenerator, opts: LoadOptions): Promise<LoadResult> {
  if (tool === "paced") return runPaced(opts);
  return tool === "wrk" ? runWrk(opts) : runAutocannon(opts);
}

async function runPaced(opts: LoadOptions): Promise<LoadResult> {
  if (opts.ratePerS === undefined) throw new Error("paced load needs a rate (BENCH_RATE)");
  if ((opts.method ?? "GET") !== "GET") throw new Error("paced load sends GET only");
  const { stdout } = await run(
    process.execPath,
    [
      "--import",
      "tsx",
      new URL("./pacedLoad.ts", import.meta.url).pathname,
      JSON.stringify({
        url: opts.url,
        paths: opts.paths,
        headers: opts.headers,
        connections: opts.connections,
        durationS: opts.durationS,
        rate: opts.ratePerS,
      }),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const r = JSON.parse(stdout) as {
    requests: number;
    requestsPerS: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    bytes: number;
    non2xx: number;
    errors: number;
    unsent: number;
    cpuSeconds: number;
  };
  return {
    tool: "paced",
    requestsPerS: r.requestsPerS,
    total: r.requests,
    p50: r.p50,
    p90: r.p90,
    p99: r.p99,
    max: r.max,
    bytesPerS: r.bytes / opts.durationS,
    non2xx: r.non2xx,
    errors: r.errors,
    cpuSeconds: r.cpuSeconds,
    unsent: r.unsent,
  };
}

async function hasWrk(): Promise<boolean> {
  try {
    await run("wrk", ["--version"]);
    return true;
  } catch (err) {
    // wrk --version prints its banner and exits 1
    return (err as { code?: unknown }).code === 1;
  }
}

// Each wrk thread runs its own copy of this script; `done` runs once with the merged figures.
const WRK_SCRIPT = (
  paths: string[],
  headers: Record<string, string>,
  method: string,
  body: string | undefined,
) => `
local method = ${JSON.stringify(method)}
local body = ${body === undefined ? "nil" : `[==[${body}]==]`}
local paths = {${paths.map((p) => JSON.stringify(p)).join(",")}}
local headers = {${Object.entries(headers)
  .map(([k, v]) => `[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
  .join(",")}}
local i = 0
request = function()
  i = i + 1
  return wrk.format(method, paths[(i % #paths) + 1], headers, body)
end
done = function(s, latency, requests)
  local e = s.errors
  io.write(string.format('\\n{"requests":%d,"durationUs":%d,"bytes":%d,"errors":%d,"non2xx":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d}\\n',
    s.requests, s.duration, s.bytes, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
`;

const wrkThreads = Number(process.env.BENCH_WRK_THREADS ?? 2);

async function runWrk(opts: LoadOptions): Promise<LoadResult> {
  if (opts.ratePerS !== undefined)
    throw new Error("wrk cannot hold a request rate: use BENCH_LOADGEN=autocannon");
  const dir = mkdtempSync(join(tmpdir(), "tapeline-wrk-"));
  try {
    const script = join(dir, "load.lua");
    writeFileSync(script, WRK_SCRIPT(opts.paths, opts.headers, opts.method ?? "GET", opts.body));
    const { stdout } = await run(
      "wrk",
      // wrk refuses more threads than connections
      [
        `-t${Math.min(wrkThreads, opts.connections)}`,
        `-c${opts.connections}`,
        `-d${opts.durationS}s`,
        "--timeout",
        "10s",
        "-s",
        script,
        opts.url,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const line = stdout
      .trim()
      .split("\n")
      .findLast((l) => l.startsWith("{"));
    if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
    const r = JSON.parse(line) as {
      requests: number;
      durationUs: number;
      bytes: number;
      errors: number;
      non2xx: number;
      p50: number;
      p90: number;
      p99: number;
      max: number;
    };
    const seconds = r.durationUs / 1e6;
    return {
      tool: "wrk",
      requestsPerS: r.requests / seconds,
      total: r.requests,
      p50: r.p50 / 1000,
      p90: r.p90 / 1000,
      p99: r.p99 / 1000,
      max: r.max / 1000,
      bytesPerS: r.bytes / seconds,
      non2xx: r.non2xx,
      errors: r.errors,
      cpuSeconds: null,
      unsent: 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// autocannon in its own process, so the load generator does not share the server's event loop.
const AUTOCANNON_RUNNER = `
const autocannon = require(process.argv[1]);
const [url, paths, headers, connections, duration, method, body, overallRate] = [process.argv[2], JSON.parse(process.argv[3]), JSON.parse(process.argv[4]), Number(process.argv[5]), Number(process.argv[6]), process.argv[7], process.argv[8] || undefined, Number(process.argv[9]) || undefined];
let i = 0;
const requests = paths.length > 1 ? [{ setupRequest: (r) => ({ ...r, path: paths[i++ % paths.length] }) }] : undefined;
const workers = Number(process.env.BENCH_AUTOCANNON_WORKERS ?? 2);
autocannon({ url: url + paths[0], connections, duration, headers, method, body, requests, overallRate, ...(workers > 1 && !requests ? { workers } : {}) }, (err, r) => {
  if (err) { console.error(err); process.exit(1); }
  const cpu = process.cpuUsage();
  process.stdout.write(JSON.stringify({ ...r, cpuSeconds: (cpu.user + cpu.system) / 1e6 }));
});`;

async function runAutocannon(opts: LoadOptions): Promise<LoadResult> {
  const { stdout } = await run(
    process.execPath,
    [
      "-e",
      AUTOCANNON_RUNNER,
      new URL("../node_modules/autocannon/autocannon.js", import.meta.url).pathname,
      opts.url,
      JSON.stringify(opts.paths),
      JSON.stringify(opts.headers),
      String(opts.connections),
      String(opts.durationS),
      opts.method ?? "GET",
      opts.body ?? "",
      String(opts.ratePerS ?? ""),
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const r = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    throughput: { average: number };
    latency: { p50: number; p90: number; p99: number; max: number };
    non2xx: number;
    errors: number;
    cpuSeconds: number;
  };
  return {
    tool: "autocannon",
    requestsPerS: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    bytesPerS: r.throughput.average,
    non2xx: r.non2xx,
    errors: r.errors,
    cpuSeconds: r.cpuSeconds,
    unsent: 0,
  };
}
