import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { createDependencyMonitor } from "./createDependencyMonitor.ts";

describe("createDependencyMonitor", () => {
  it("marks a dependency down after failures in a row (a hang counts), up after one success, and exports dependency_up", async () => {
    let mode: "ok" | "fail" | "hang" = "ok";
    const registry = new Registry();
    const monitor = createDependencyMonitor({
      checks: [
        {
          name: "redis",
          critical: true,
          check: () =>
            mode === "ok"
              ? Promise.resolve()
              : mode === "fail"
                ? Promise.reject(new Error("ECONNREFUSED"))
                : new Promise(() => {}),
        },
        { name: "postgres", check: () => Promise.resolve() },
      ],
      registry,
      intervalMs: 60_000,
      timeoutMs: 50,
      downAfter: 2,
    });
    try {
      await monitor.probe();
      expect(monitor.criticalDown()).toBeNull();
      mode = "hang";
      await monitor.probe();
      expect(monitor.status()[0]?.up).toBe(true);
      await monitor.probe();
      expect(monitor.criticalDown()).toMatchObject({
        name: "redis",
        up: false,
        error: "no answer within 50 ms",
      });
      expect(await registry.metrics()).toMatch(/dependency_up\{dependency="redis"\} 0/);
      expect(await registry.metrics()).toMatch(/dependency_up\{dependency="postgres"\} 1/);
      mode = "ok";
      await monitor.probe();
      expect(monitor.criticalDown()).toBeNull();
      expect(monitor.status()[0]?.error).toBeUndefined();
      expect(await registry.metrics()).toMatch(/dependency_up\{dependency="redis"\} 1/);
    } finally {
      monitor.close();
    }
  });
});
