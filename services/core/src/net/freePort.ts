import { readFileSync } from "node:fs";
import net from "node:net";

/**
 * Ports are drawn below the kernel's ephemeral range (Linux: 32768-60999 by default). A port the
 * OS picks for a listener is one it also hands to outgoing connections, so between this call and
 * the caller's own bind another process's client could take it (seen as EADDRINUSE when a
 * spawned service binds seconds later on a busy machine); ports below the range are never taken
 * that way.
 */
function portsBelowEphemeral(): { low: number; high: number } | null {
  try {
    const [first] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/);
    const high = Number(first) - 1;
    return high >= 11_000 ? { low: 10_000, high } : null;
  } catch {
    return null;
  }
}

const RANGE = portsBelowEphemeral();
// ports this process handed out, never handed out twice (the caller may not have bound it yet)
const handedOut = new Set<number>();

function listenOn(port: number): Promise<number | null> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const bound = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(bound));
    });
  });
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  if (RANGE) {
    for (let i = 0; i < 64; i++) {
      const port = RANGE.low + Math.floor(Math.random() * (RANGE.high - RANGE.low + 1));
      if (handedOut.has(port)) continue;
      if ((await listenOn(port)) !== null) {
        handedOut.add(port);
        return port;
      }
    }
  }
  const port = await listenOn(0);
  if (port === null) throw new Error("no free TCP port on 127.0.0.1");
  return port;
}
