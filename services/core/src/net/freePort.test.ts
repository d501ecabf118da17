import { readFileSync } from "node:fs";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "./freePort.ts";

describe("freePort", () => {
  it("hands out distinct bindable ports below the ephemeral range", async () => {
    const ephemeralLow = Number(
      readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0],
    );
    const ports: number[] = [];
    for (let i = 0; i < 40; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(port).toBeLessThan(ephemeralLow);
    // each can be bound by the caller
    const servers = await Promise.all(
      ports.map(
        (port) =>
          new Promise<net.Server>((resolve, reject) => {
            const s = net.createServer();
            s.once("error", reject);
            s.listen(port, "127.0.0.1", () => resolve(s));
          }),
      ),
    );
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });
});
