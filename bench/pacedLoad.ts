/**
 * An open-loop HTTP load generator, run in a process of its own by `runLoad.ts`: requests leave on
 * a fixed schedule (`rate` a second, spread evenly, not in bursts), each over the first idle one of
 * `connections` keep-alive connections, and a request's latency runs from its scheduled time, so
 * the time it waited for a free connection counts too (no coordinated omission: a slow answer
 * cannot hold back the requests due behind it and hide their wait).
 * Only what the benchmarks send is handled: GET, answers with Content-Length.
 * Args (JSON): { url, paths, headers, connections, durationS, rate }. Prints one JSON line: requests
 * answered, their rate, latency percentiles in ms, bytes, non-2xx, errors, unsent (still queued at
 * the end: the server fell behind the schedule; requests still unanswered when the wait for them
 * ended count here too) and the CPU seconds this process used.
 */
import net from "node:net";

type Args = {
  url: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  durationS: number;
  rate: number;
};

const args = JSON.parse(process.argv[2] ?? "{}") as Args;
const target = new URL(args.url);
const head = Object.entries({ Host: target.host, ...args.headers })
  .map(([k, v]) => `${k}: ${v}\r\n`)
  .join("");
const requests = args.paths.map((p) => Buffer.from(`GET ${p} HTTP/1.1\r\n${head}\r\n`));
const HEADER_END = Buffer.from("\r\n\r\n");

const latencies: number[] = [];
let bytes = 0;
let non2xx = 0;
let errors = 0;
let sent = 0;

type Conn = { socket: net.Socket; busy: boolean; due: number; buffered: Buffer | null };
const idle: Conn[] = [];
/** scheduled times of requests waiting for a free connection */
const queue: number[] = [];
let queueHead = 0;

function send(conn: Conn, due: number): void {
  conn.busy = true;
  conn.due = due;
  conn.socket.write(requests[sent++ % requests.length] as Buffer);
}

function release(conn: Conn): void {
  conn.busy = false;
  if (queueHead < queue.length) send(conn, queue[queueHead++] as number);
  else idle.push(conn);
}

/** Reads whole answers off the connection's bytes; a partial one stays buffered. */
function onData(conn: Conn, chunk: Buffer): void {
  let data = conn.buffered ? Buffer.concat([conn.buffered, chunk]) : chunk;
  for (;;) {
    const end = data.indexOf(HEADER_END);
    if (end < 0) break;
    const header = data.subarray(0, end).toString("latin1");
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(header)?.[1] ?? Number.NaN);
    if (!Number.isFinite(length)) throw new Error(`an answer without Content-Length:\n${header}`);
    const total = end + 4 + length;
    if (data.length < total) break;
    const status = Number(header.slice(9, 12));
    if (status < 200 || status >= 300) non2xx++;
    bytes += total;
    latencies.push(performance.now() - conn.due);
    data = data.subarray(total);
    release(conn);
  }
  conn.buffered = data.length > 0 ? data : null;
}

async function open(): Promise<Conn> {
  const socket = net.connect({ host: target.hostname, port: Number(target.port) });
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  const conn: Conn = { socket, busy: false, due: 0, buffered: null };
  socket.on("data", (chunk: Buffer) => onData(conn, chunk));
  socket.on("error", () => {
    errors++;
  });
  return conn;
}

const conns = await Promise.all(Array.from({ length: args.connections }, open));
idle.push(...conns);
const cpu0 = process.cpuUsage();
const start = performance.now();
const end = start + args.durationS * 1000;
const interval = 1000 / args.rate;
let next = start;
await new Promise<void>((resolve) => {
  // a 1 ms timer: each tick sends every request whose time has come, at its own scheduled time
  const tick = () => {
    const now = performance.now();
    for (; next <= now && next < end; next += interval) {
      const conn = idle.pop();
      if (conn) send(conn, next);
      else queue.push(next);
    }
    if (next >= end) resolve();
    else setTimeout(tick, 1);
  };
  tick();
});
// the answers still due, for as long as the run lasted at most
const deadline = performance.now() + args.durationS * 1000;
while (conns.some((c) => c.busy) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
const cpu = process.cpuUsage(cpu0);
const unanswered = conns.filter((c) => c.busy).length;
for (const c of conns) c.socket.destroy();

const sorted = Float64Array.from(latencies).sort();
const ms = (v: number | undefined) => (v === undefined ? Number.NaN : Math.round(v * 1000) / 1000);
const at = (q: number) => ms(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
process.stdout.write(
  JSON.stringify({
    requests: latencies.length,
    requestsPerS: latencies.length / args.durationS,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: ms(sorted.at(-1)),
    bytes,
    non2xx,
    errors,
    unsent: queue.length - queueHead + unanswered,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  }),
);
