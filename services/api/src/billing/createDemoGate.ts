import { NotFoundError, RateLimitedError } from "@tapeline/core";
import type { Redis } from "ioredis";
import type { RequestGate } from "../gate.ts";
import { DEMO_LUA } from "./billingScripts.ts";
import { createScript } from "./createScript.ts";
import type { BillingConfig } from "./loadBillingConfig.ts";
import { withHeaders } from "./withHeaders.ts";

/**
 * The gate of the demo listener: no key and no credits, a per-minute limit and a burst cap per
 * client IP (one Lua script per decision, same GCRA as keys; a batch counts one request and its
 * items against 10x the burst per second). Endpoints not marked `demo` answer 404 here.
 * `ip` should be the client address as the trusted proxy reports it (Express `req.ip` with
 * `trust proxy` set for the ingress).
 */
export function createDemoGate(deps: { redis: Redis; config: BillingConfig }): RequestGate {
  const { config } = deps;
  const run = createScript(deps.redis, DEMO_LUA);
  return {
    async admit(input) {
      if (input.endpoint.demo !== true) {
        throw new NotFoundError("not served on the demo server; call the API with a key", {
          reason: "not_on_demo",
        });
      }
      const items = input.endpoint.batch === true ? Math.max(1, input.items) : 0;
      const r = (await run(
        [`${config.redisPrefix}demo:${input.ip}`],
        [config.demo.perMinute, config.demo.burstPerSecond, items, config.itemFactor],
      )) as number[];
      const headers = {
        "X-RateLimit-Limit": String(config.demo.perMinute),
        "X-RateLimit-Remaining": String(r[1]),
        "X-RateLimit-Reset": String(Math.ceil(Number(r[2]) / 1000)),
        "X-RateLimit-Burst-Limit": String(config.demo.burstPerSecond),
        "X-RateLimit-Burst-Remaining": String(r[3]),
      };
      if (r[0] !== 1) {
        const retryMs = Number(r[4]);
        throw withHeaders(
          new RateLimitedError(`demo rate limit exceeded; retry after ${retryMs} ms`, retryMs, {
            scope: "ip",
          }),
          { ...headers, "Retry-After": String(Math.max(1, Math.ceil(retryMs / 1000))) },
        );
      }
      return { caller: null, headers, settle: async () => ({}) };
    },
  };
}
