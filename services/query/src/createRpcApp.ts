import {
  type ApiError,
  type Context,
  httpMetrics,
  InvalidParamError,
  NotFoundError,
  PayloadTooLargeError,
  toApiError,
} from "@tapeline/core";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import type { QueryService } from "./createQueryService.ts";

/** Default bound of an RPC body (a batch of 100 markets with options fits with room to spare). */
export const DEFAULT_RPC_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The HTTP face of a query pod: `POST /rpc/<method>` with a JSON array of params answers the
 * method's JSON result, or the ApiError body `{ error: { code, message, details? } }` with its
 * status (the router rebuilds the error from it). Plus `/healthz`, `/readyz` (503 while the
 * store does not answer or once shutdown began) and `/metrics`.
 */
export function createRpcApp(opts: {
  service: QueryService;
  ctx: Context;
  bodyLimitBytes?: number;
  /** Aborted when shutdown begins: `/readyz` then answers 503 so traffic drains. */
  draining?: AbortSignal;
}): Express {
  const { service, ctx } = opts;
  const logger = ctx.logger.child({ component: "rpc" });
  const metrics = httpMetrics(ctx.metrics);
  const limit = opts.bodyLimitBytes ?? DEFAULT_RPC_BODY_LIMIT_BYTES;
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  // Cached query results (a hot candle page, a token snapshot) come back as the same object for
  // about a second: serialize each object once.
  const serialized = new WeakMap<object, Buffer>();
  const serializeOnce = (result: object): Buffer => {
    let body = serialized.get(result);
    if (!body) {
      body = Buffer.from(JSON.stringify(result));
      serialized.set(result, body);
    }
    return body;
  };

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const route = (res.locals.route as string | undefined) ?? "unmatched";
      metrics.observe(route, req.method, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  });

  app.post(
    "/rpc/:method",
    (req, res, next) => {
      const method = String(req.params.method);
      if (!service.methods.has(method)) {
        sendError(res, new NotFoundError(`unknown query method ${method}`));
        return;
      }
      res.locals.route = `/rpc/${method}`;
      next();
    },
    express.json({ limit, strict: false, type: () => true }),
    async (req, res) => {
      const method = String(req.params.method);
      try {
        if (!Array.isArray(req.body))
          throw new InvalidParamError("body", "the body must be a JSON array of params");
        const fn = (service.api as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[
          method
        ];
        const result = await fn?.(...(req.body as unknown[]));
        if (result !== null && typeof result === "object") {
          res.set("Content-Type", "application/json; charset=utf-8").send(serializeOnce(result));
        } else {
          res.json(result === undefined ? null : result);
        }
      } catch (raw) {
        const err = toApiError(raw);
        if (err.code === "INTERNAL") logger.error({ err: raw, method }, "query method failed");
        sendError(res, err);
      }
    },
  );

  app.get("/healthz", (_req, res) => {
    res.locals.route = "/healthz";
    res.json({ status: "ok" });
  });

  app.get("/readyz", async (_req, res) => {
    res.locals.route = "/readyz";
    if (opts.draining?.aborted) {
      res.status(503).json({ serving: false, chains: [], reason: "shutting down" });
      return;
    }
    try {
      res.json({ serving: true, chains: await service.api.readiness() });
    } catch (err) {
      logger.warn({ err }, "readiness query failed");
      res.status(503).json({ serving: false, chains: [], reason: "the store does not answer" });
    }
  });

  app.get("/metrics", async (_req, res) => {
    res.locals.route = "/metrics";
    res.set("Content-Type", ctx.metrics.contentType).send(await ctx.metrics.metrics());
  });

  app.use((req: Request, res: Response) => {
    sendError(res, new NotFoundError(`no route ${req.method} ${req.path}`));
  });

  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const type = (err as { type?: unknown } | null)?.type;
    if (type === "entity.too.large") sendError(res, new PayloadTooLargeError(limit));
    else if (type === "entity.parse.failed")
      sendError(res, new InvalidParamError("body", "the body is not valid JSON"));
    else {
      logger.error({ err }, "rpc request failed before its handler");
      sendError(res, toApiError(err));
    }
  });

  return app;
}

function sendError(res: Response, err: ApiError): void {
  const retryAfterMs = (err as { retryAfterMs?: unknown }).retryAfterMs;
  if (typeof retryAfterMs === "number")
    res.set("Retry-After", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  res.status(err.status).json(err.toBody());
}
