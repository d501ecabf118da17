import { openSync, readSync } from "node:fs";

let fd: number | null | undefined;
const buf = Buffer.alloc(96);

/**
 * CPU time of the thread that first called it, ms, from its `/proc/thread-self/schedstat`
 * (Linux; null elsewhere). Unlike `process.cpuUsage()` it leaves out the process's other threads
 * (an RPC server on a worker thread, the collector's helpers), so stages run on this thread are
 * timed alone. The file stays open: a read is one system call.
 */
export function threadCpuMs(): number | null {
  if (fd === undefined) {
    try {
      fd = openSync("/proc/thread-self/schedstat", "r");
    } catch {
      fd = null;
    }
  }
  if (fd === null) return null;
  const n = readSync(fd, buf, 0, buf.length, 0);
  return Number(buf.toString("latin1", 0, n).split(" ")[0]) / 1e6;
}
