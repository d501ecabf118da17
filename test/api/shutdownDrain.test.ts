/**
 * Shutdown of the API: a request whose client has already left is still being handled when the
 * server stops; the stores it reads (registered before the app, so closed after it) must outlive it.
 */
import http from "node:http";
import { createContext, envelope, serveHttp } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "../../services/api/src/createApp.ts";
import { defineEndpoint } from "../../services/api/src/endpoint.ts";
import { openGate } from "../../services/api/src/gate.ts";
import type { ShardClient } from "../../services/api/src/shardClient.ts";

describe("API shutdown", () => {
  for (const method of ["GET", "POST"] as const) {
    it(`waits for a ${method} handler whose client left before closing what was registered before the app`, async () => {
      const ctx = createContext({ name: "drain-test", level: "silent" });
      const events: string[] = [];
      // stands for the database pool the query service closes at shutdown
      ctx.shutdown.add("store", () => {
        events.push("store closed");
      });
      let entered: () => void = () => {};
      const handlerEntered = new Promise<void>((resolve) => {
        entered = resolve;
      });
      const slow = defineEndpoint({
        method,
        path: "/v1/test/slow",
        summary: "slow",
        ...(method === "POST" ? { body: z.strictObject({ n: z.number() }) } : {}),
        response: z.object({ data: z.unknown() }),
        credits: { kind: "flat", amount: 1 },
        async handler() {
          entered();
          await new Promise((r) => setTimeout(r, 300));
          events.push("handler done");
          return { body: envelope({ ok: true }) };
        },
      });
      const app = createApp({
        endpoints: [[slow]],
        shards: {} as ShardClient,
        gate: openGate,
        ctx,
        readiness: async () => ({ serving: true, chains: [] }),
      });
      const { port } = await serveHttp(app, { host: "127.0.0.1", port: 0, ctx, graceMs: 5000 });

      const req = http.request({
        host: "127.0.0.1",
        port,
        method,
        path: "/v1/test/slow",
        headers: method === "POST" ? { "content-type": "application/json" } : {},
      });
      req.on("error", () => {});
      req.end(method === "POST" ? JSON.stringify({ n: 1 }) : undefined);
      await handlerEntered;
      // the client gives up; its socket closes while the handler still runs
      req.destroy();
      await new Promise((r) => setTimeout(r, 20));

      await ctx.shutdown.run("test");
      expect(events).toEqual(["handler done", "store closed"]);
    });
  }
});
