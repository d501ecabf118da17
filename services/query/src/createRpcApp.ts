import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type ApiError,
  type Context,
  createBatchAnswerer,
  createResultSerializer,
  httpMetrics,
  InvalidParamError,
  isQueryBatchMethod,
  isQueryRpcMethod,
  joinSlots,
  MAX_BATCH_ITEMS,
  NotFoundError,
  PayloadTooLargeError,
  parseRpcParams,
  type QueryRpcMethod,
  SLOT_LENGTHS_HEADER,
  toApiError,
  UnknownRpcMethodError,
} from "@tapeline/core";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import type { QueryService } from "./createQueryService.ts";

/** Default bound of an RPC body (a batch of 100 markets with options fits with room to spare). */
export const DEFAULT_RPC_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The HTTP face of a query pod, serving the query RPC contract (`queryRpcMethods` in core):
 * - `POST /rpc/<method>` with the JSON params array answers the method's JSON result (a
 *   `JsonText` result as its text);
 * - `POST /batch/<method>` with `{ items: [[index, param], ...] }` (a batchable method, up to
 *   `MAX_BATCH_ITEMS` items of one router batch, keyed by their index in the client's request)
 *   answers the JSON array of the items' slots in the same order, each slot's byte length
 *   listed in the `x-slot-lengths` header so the router can pass them on without parsing them.
 * A method the contract does not list, or the pod does not serve, is refused with 404
 * `NOT_FOUND`; params that do not match the method's schema with 400 `INVALID_PARAM` (in a
 * batch, that item's slot only). Errors answer `{ error: { code, message, details? } }` with
 * their status (the router rebuilds the error from it). Plus `/healthz`, `/readyz` (503 while
 * the store does not answer or once shutdown began) and `/metrics`.
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
  const bytesOf = createResultSerializer();

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const route = (res.locals.route as string | undefined) ?? "unmatched";
      metrics.observe(route, req.method, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  });

  const answerBatch = createBatchAnswerer(service.api);
  const served = (method: string) => isQueryRpcMethod(method) && service.methods.has(method);
  const json = express.json({ limit, strict: false, type: () => true });

  /** Runs `method` with its params as sent; the answer's JSON bytes. */
  async function call(method: string, body: unknown): Promise<Buffer> {
    if (!Array.isArray(body)) throw new InvalidParamError("body", "the body must be a JSON array of params");
    const params = parseRpcParams(method, body) as unknown[];
    const fn = (service.api as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[method];
    return bytesOf(method as QueryRpcMethod, await fn?.(...params));
  }

  /** An RPC call served with node's own calls: the body read and parsed here, the answer written as bytes. */
  async function serveRpc(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    const started = process.hrtime.bigint();
    const route = served(method) ? `/rpc/${method}` : "unmatched";
    res.on("finish", () => {
      metrics.observe(route, "POST", res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    try {
      if (!served(method)) throw new UnknownRpcMethodError(method);
      const text = await readBody(req, limit);
      let body: unknown = {};
      if (text.length > 0) {
        try {
          body = JSON.parse(text);
        } catch {
          throw new InvalidParamError("body", "the body is not valid JSON");
        }
      }
      const bytes = await call(method, body);
      res.writeHead(200, {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": bytes.length,
      });
      res.end(bytes);
    } catch (raw) {
      const err = toApiError(raw);
      if (err.code === "INTERNAL") logger.error({ err: raw, method }, "query method failed");
      writeError(res, err);
    }
  }

  /** A batch call served with node's own calls, as the Express route below serves it. */
  async function serveBatch(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    const started = process.hrtime.bigint();
    const known = served(method) && isQueryBatchMethod(method);
    const route = known ? `/batch/${method}` : "unmatched";
    res.on("finish", () => {
      metrics.observe(route, "POST", res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    try {
      if (!known || !isQueryBatchMethod(method)) throw new UnknownRpcMethodError(method);
      const text = await readBody(req, limit);
      let body: unknown = {};
      if (text.length > 0) {
        try {
          body = JSON.parse(text);
        } catch {
          throw new InvalidParamError("body", "the body is not valid JSON");
        }
      }
      const items = batchItems(body);
      const { body: bytes, lengths } = joinSlots(
        await answerBatch(
          method,
          items.map(([, param]) => param),
        ),
      );
      res.writeHead(200, {
        "Content-Type": "application/json; charset=utf-8",
        [SLOT_LENGTHS_HEADER]: lengths,
        "Content-Length": bytes.length,
      });
      res.end(bytes);
    } catch (raw) {
      const err = toApiError(raw);
      if (err.code === "INTERNAL") logger.error({ err: raw, method }, "query batch failed");
      writeError(res, err);
    }
  }

  // `POST /rpc/<method>`, the router's call for every single-key read, and `POST /batch/<method>`
  // are served before Express's pipeline (routing, body-parser, `res.send`), which costs more than
  // answering a hot key does. Requests the fast path does not read as Express would (another path
  // form, a Content-Encoding, a charset or media type) go through Express.
  const routed = app as unknown as {
    handle(req: IncomingMessage, res: ServerResponse, next?: NextFunction): void;
  };
  const expressHandle = routed.handle.bind(app);
  routed.handle = (req, res, next) => {
    const fast = req.method === "POST" ? fastRpcCall(req) : null;
    if (fast === null) expressHandle(req, res, next);
    else if (fast.batch) void serveBatch(req, res, fast.method);
    else void serveRpc(req, res, fast.method);
  };

  app.post(
    "/rpc/:method",
    (req, res, next) => {
      const method = String(req.params.method);
      if (!served(method)) {
        sendError(res, new UnknownRpcMethodError(method));
        return;
      }
      res.locals.route = `/rpc/${method}`;
      next();
    },
    json,
    async (req, res) => {
      const method = String(req.params.method);
      try {
        res.set("Content-Type", "application/json; charset=utf-8").send(await call(method, req.body));
      } catch (raw) {
        const err = toApiError(raw);
        if (err.code === "INTERNAL") logger.error({ err: raw, method }, "query method failed");
        sendError(res, err);
      }
    },
  );

  app.post(
    "/batch/:method",
    (req, res, next) => {
      const method = String(req.params.method);
      if (!served(method) || !isQueryBatchMethod(method)) {
        sendError(res, new UnknownRpcMethodError(method));
        return;
      }
      res.locals.route = `/batch/${method}`;
      next();
    },
    json,
    async (req, res) => {
      const method = String(req.params.method);
      try {
        if (!isQueryBatchMethod(method)) throw new UnknownRpcMethodError(method);
        const items = batchItems(req.body);
        const { body, lengths } = joinSlots(
          await answerBatch(
            method,
            items.map(([, param]) => param),
          ),
        );
        res
          .set("Content-Type", "application/json; charset=utf-8")
          .set(SLOT_LENGTHS_HEADER, lengths)
          .send(body);
      } catch (raw) {
        const err = toApiError(raw);
        if (err.code === "INTERNAL") logger.error({ err: raw, method }, "query batch failed");
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

/**
 * The items of a batch body: 1 to MAX_BATCH_ITEMS `[index, param]` pairs.
 * @throws InvalidParamError naming `items`
 */
function batchItems(body: unknown): [number, unknown][] {
  const items = (body as { items?: unknown } | null)?.items;
  if (
    !Array.isArray(items) ||
    items.length < 1 ||
    items.length > MAX_BATCH_ITEMS ||
    !items.every((it) => Array.isArray(it) && it.length === 2 && Number.isInteger(it[0]) && it[0] >= 0)
  ) {
    throw new InvalidParamError(
      "items",
      `the body must be { items: [[index, param], ...] } with 1 to ${MAX_BATCH_ITEMS} items`,
    );
  }
  return items as [number, unknown][];
}

const RPC_PATH = /^\/(rpc|batch)\/([A-Za-z][A-Za-z0-9]*)$/;
const PLAIN_JSON = /^application\/json(;\s*charset=utf-8)?$/i;

/** The method of a `POST /rpc/<method>` or `/batch/<method>` the fast path reads as Express would, else null. */
function fastRpcCall(req: IncomingMessage): { method: string; batch: boolean } | null {
  const m = RPC_PATH.exec(req.url ?? "");
  if (!m) return null;
  const encoding = req.headers["content-encoding"];
  if (encoding !== undefined && encoding.toLowerCase() !== "identity") return null;
  const type = req.headers["content-type"];
  if (type !== undefined && !PLAIN_JSON.test(type)) return null;
  if (req.headers["transfer-encoding"] !== undefined) return null;
  return { method: m[2] as string, batch: m[1] === "batch" };
}

/**
 * The request's body as UTF-8 text, at most `limit` bytes.
 * @throws PayloadTooLargeError past the bound (declared or received)
 */
function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > limit) {
      req.resume();
      reject(new PayloadTooLargeError(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        reject(new PayloadTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks, size).toString("utf8")));
    req.on("error", reject);
  });
}

/** {@link sendError} with node's own calls. */
function writeError(res: ServerResponse, err: ApiError): void {
  const bytes = Buffer.from(JSON.stringify(err.toBody()));
  const headers: Record<string, string | number> = {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": bytes.length,
  };
  const retryAfterMs = (err as { retryAfterMs?: unknown }).retryAfterMs;
  if (typeof retryAfterMs === "number")
    headers["Retry-After"] = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  res.writeHead(err.status, headers);
  res.end(bytes);
}

function sendError(res: Response, err: ApiError): void {
  const retryAfterMs = (err as { retryAfterMs?: unknown }).retryAfterMs;
  if (typeof retryAfterMs === "number")
    res.set("Retry-After", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  res.status(err.status).json(err.toBody());
}
