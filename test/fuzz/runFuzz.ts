import http from "node:http";
import fc from "fast-check";
import { type FuzzHints, type FuzzRequest, requestArbitrary } from "./requestArbitrary.ts";

export type FuzzOptions = {
  url: string;
  openapi: Record<string, unknown>;
  hints: FuzzHints;
  apiKey: string;
  /** requests to send */
  count: number;
  /** fast-check seed: the same seed sends the same requests */
  seed: number;
  /** requests in flight at once @defaultValue 8 */
  concurrency?: number;
  /** an answer slower than this is a hang @defaultValue 10000 */
  hangMs?: number;
};

export type FuzzFailure = { request: FuzzRequest; status: number | "hang" | "connection"; body: string };

export type FuzzReport = {
  sent: number;
  /** answers by HTTP status; `connection` counts requests whose connection failed without an answer */
  byStatus: Record<string, number>;
  /** 5xx answers, hangs and connections that failed without an answer */
  failures: FuzzFailure[];
  /** operations (`GET /v1/pool`) that were sent, with how many requests each */
  byOperation: Record<string, number>;
  elapsedMs: number;
  /** answer times: median, 99th percentile and maximum (ms) */
  latencyMs: { p50: number; p99: number; max: number };
  /** the slowest requests, for a look at what took long */
  slowest: { ms: number; status: number | string; request: FuzzRequest }[];
};

/** Generated in chunks, so a long run never holds all its requests at once. */
const CHUNK = 500;

/**
 * Sends `count` requests generated from the OpenAPI document (see `requestArbitrary`) to `url`
 * and counts the answers by status. A request unanswered within `hangMs`, a 5xx, or a connection
 * that closed without an answer (other than after a body over the bound) is a failure.
 */
export async function runFuzz(opts: FuzzOptions): Promise<FuzzReport> {
  const arb = requestArbitrary(opts.openapi, opts.hints, opts.apiKey);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency ?? 8 });
  const target = new URL(opts.url);
  const byStatus: Record<string, number> = {};
  const byOperation: Record<string, number> = {};
  const failures: FuzzFailure[] = [];
  const started = Date.now();
  const times: number[] = [];
  let slowest: FuzzReport["slowest"] = [];
  let sent = 0;
  try {
    for (let chunk = 0; sent < opts.count; chunk++) {
      const requests = fc.sample(arb, {
        seed: opts.seed + chunk,
        numRuns: Math.min(CHUNK, opts.count - sent),
      });
      let next = 0;
      const lane = async () => {
        while (next < requests.length) {
          const request = requests[next++] as FuzzRequest;
          const op = `${request.method} ${request.path.toLowerCase().replace(/\/$/, "")}`;
          byOperation[op] = (byOperation[op] ?? 0) + 1;
          const t0 = performance.now();
          const answer = await send(agent, target, request, opts.hangMs ?? 10_000);
          const ms = performance.now() - t0;
          times.push(ms);
          if (slowest.length < 5 || ms > (slowest.at(-1)?.ms ?? 0)) {
            slowest = [...slowest, { ms, status: answer.status, request }]
              .sort((a, b) => b.ms - a.ms)
              .slice(0, 5);
          }
          byStatus[String(answer.status)] = (byStatus[String(answer.status)] ?? 0) + 1;
          const failed =
            answer.status === "hang" ||
            (answer.status === "connection" && !request.oversize) ||
            (typeof answer.status === "number" && answer.status >= 500);
          if (failed && failures.length < 50)
            failures.push({ request, status: answer.status, body: answer.body });
          else if (failed)
            failures.push({
              request: { ...request, body: undefined as never },
              status: answer.status,
              body: "",
            });
        }
      };
      await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, lane));
      sent += requests.length;
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
  return {
    sent,
    byStatus,
    failures,
    byOperation,
    elapsedMs: Date.now() - started,
    latencyMs: { p50: at(0.5), p99: at(0.99), max: Math.round(times.at(-1) ?? 0) },
    slowest: slowest.map((s) => ({ ...s, ms: Math.round(s.ms) })),
  };
}

function send(
  agent: http.Agent,
  target: URL,
  r: FuzzRequest,
  hangMs: number,
): Promise<{ status: number | "hang" | "connection"; body: string }> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (v: { status: number | "hang" | "connection"; body: string }) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(v);
    };
    const headers: Record<string, string> = { ...r.headers };
    let payload: Buffer | undefined = r.body === undefined ? undefined : Buffer.from(r.body);
    if (r.oversize === "declared") headers["content-length"] = String(64 * 1024 * 1024);
    else if (r.oversize === "chunked") {
      headers["transfer-encoding"] = "chunked";
      payload = Buffer.from(`{"items":[${'"x",'.repeat(75_000)}"x"]}`);
    } else if (payload) headers["content-length"] = String(payload.length);
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: r.method,
        path: r.query ? `${r.path}?${r.query}` : r.path,
        headers,
        agent: r.oversize ? false : agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString().slice(0, 500) }),
        );
        res.on("error", () => finish({ status: res.statusCode ?? 0, body: "" }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ status: "hang", body: "" });
    }, hangMs);
    req.on("error", (err) => finish({ status: "connection", body: String(err) }));
    if (payload && r.oversize === "declared") req.write(payload.subarray(0, 16));
    else if (payload) req.write(payload);
    req.end();
  });
}
