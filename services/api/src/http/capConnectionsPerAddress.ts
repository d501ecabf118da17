import type { Server } from "node:http";
import type { Socket } from "node:net";

/** Default open connections one client address may hold on one API process. */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;

/**
 * Caps the connections one remote address holds open on `server` at `max` (0: no cap). A
 * connection over the cap is answered at once with 429 `RATE_LIMITED` and closed, so a client
 * that opens sockets without end (slow headers, bodies that never come) exhausts its own share
 * and not the process's. The address is the socket's peer: behind a proxy that is the proxy, so
 * size the cap for it there. Each worker process counts its own connections.
 * @returns the number of connections currently counted for an address (for tests and metrics)
 */
export function capConnectionsPerAddress(server: Server, max: number): (address: string) => number {
  const open = new Map<string, number>();
  if (max <= 0) return () => 0;
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.pause();
      const body = JSON.stringify({
        error: {
          code: "RATE_LIMITED",
          message: `too many open connections from one address (at most ${max})`,
          details: { reason: "too_many_connections", limit: max },
        },
      });
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${body}`,
      );
      socket.destroySoon();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return (address) => open.get(address) ?? 0;
}
