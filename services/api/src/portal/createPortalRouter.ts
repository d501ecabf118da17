import { ApiError, InvalidParamError, RateLimitedError, toApiError } from "@tapeline/core";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { DEMO_LUA } from "../billing/billingScripts.ts";
import type { AccountService } from "../billing/createAccountService.ts";
import type { BillingStore } from "../billing/createBillingStore.ts";
import { createScript } from "../billing/createScript.ts";
import { monthStart } from "../billing/monthStart.ts";
import { readUsageTotals, USAGE_BUCKET_MS } from "../billing/readUsageTotals.ts";
import { integerText } from "../schema/integerText.ts";
import { PORTAL_CSS, PORTAL_HTML, PORTAL_JS } from "./portalAssets.ts";

/** What the portal needs: accounts and keys, the billing store (live figures), and a logger. */
export type PortalDeps = { accounts: AccountService; store: BillingStore; logger: Logger };

/** Name of the session cookie; its value is a random token whose hash is in `portal_sessions`. */
export const PORTAL_COOKIE = "tl_portal";

/** Header every state-changing portal call must carry; cross-site pages cannot send it without CORS. */
export const PORTAL_CSRF_HEADER = "x-portal-request";

const BUCKETS = { "15m": 900_000, "1h": 3_600_000, "6h": 21_600_000, "1d": 86_400_000 } as const;

const signIn = z.strictObject({ email: z.string().min(3).max(320), password: z.string().min(1).max(1024) });
const keyName = z.strictObject({ name: z.string().min(1).max(64) });
const spendCap = z.strictObject({ spendCapUsd: z.union([z.string(), z.number()]) });
const paymentMethod = z.strictObject({ token: z.string().max(512).nullable().default(null) });
const history = z.strictObject({
  bucket: z.enum(["15m", "1h", "6h", "1d"]).default("1h"),
  points: integerText().pipe(z.number().int().min(1).max(1000)).default(24),
});

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new InvalidParamError(String(issue?.path[0] ?? "body"), issue?.message ?? "invalid");
  }
  return r.data;
}

function cookieValue(req: Request, name: string): string | null {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return null;
}

type Handler = (req: Request, res: Response, accountId: string) => Promise<unknown>;

/**
 * The customer portal: a page (`GET /`, with its script and style) and JSON calls under `/api`,
 * to be mounted at `/portal`. Sign-in takes the account credential (email and password) and
 * sets an HttpOnly, SameSite=Strict session cookie; every state-changing call also needs the
 * `X-Portal-Request: 1` header. A session only ever reaches its own account.
 *
 * JSON calls (answers `{ data }` or the API's `{ error }` shape):
 * - `POST /api/session` `{ email, password }`, `DELETE /api/session`
 * - `GET /api/account`: account, live credits of the month
 * - `PUT /api/spend-cap` `{ spendCapUsd }` (0 to 100000), `POST /api/payment-method` `{ token }`
 * - `GET /api/keys`, `POST /api/keys` `{ name }` (answer holds the secret, once),
 *   `PATCH /api/keys/:id` `{ name }`, `POST /api/keys/:id/rotate` (new secret, once), `DELETE /api/keys/:id`
 * - `GET /api/usage/history?bucket=1h&points=24`, `GET /api/usage/breakdown` (this month), account-wide
 */
export function createPortalRouter(
  deps: PortalDeps & { sessionHours: number; secureCookie: boolean },
): Router {
  const { accounts, store } = deps;
  const router = express.Router();
  const signInLimit = createScript(store.redis, DEMO_LUA);

  const send = (res: Response, status: number, type: string, body: string) => {
    res
      .status(status)
      .set({
        "Content-Type": type,
        "Cache-Control": "no-store",
        "Content-Security-Policy":
          "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
      })
      .send(body);
  };
  router.get("/", (_req, res) => send(res, 200, "text/html; charset=utf-8", PORTAL_HTML));
  router.get("/app.js", (_req, res) => send(res, 200, "text/javascript; charset=utf-8", PORTAL_JS));
  router.get("/app.css", (_req, res) => send(res, 200, "text/css; charset=utf-8", PORTAL_CSS));

  const api = express.Router();
  api.use(express.json({ limit: "16kb" }));
  api.use((req: Request, _res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.headers[PORTAL_CSRF_HEADER] !== "1") {
      next(
        new InvalidParamError(
          PORTAL_CSRF_HEADER,
          "portal calls that change something need X-Portal-Request: 1",
        ),
      );
      return;
    }
    next();
  });

  const fail = (res: Response, raw: unknown) => {
    const err = toApiError(raw);
    if (!(raw instanceof ApiError)) deps.logger.error({ err: raw }, "portal call failed");
    const retry = (err as { retryAfterMs?: unknown }).retryAfterMs;
    if (typeof retry === "number") res.set("Retry-After", String(Math.max(1, Math.ceil(retry / 1000))));
    res.status(err.status).set("Cache-Control", "no-store").json(err.toBody());
  };

  /** A JSON call that needs a signed-in session; the session decides the account, never the request. */
  const authed =
    (fn: Handler) =>
    async (req: Request, res: Response): Promise<void> => {
      try {
        const token = cookieValue(req, PORTAL_COOKIE);
        const accountId = token ? await accounts.sessionAccount(token) : null;
        if (!accountId) {
          throw new ApiError("UNAUTHORIZED", 401, "sign in first", { details: { reason: "no_session" } });
        }
        const data = await fn(req, res, accountId);
        res.status(200).set("Cache-Control", "no-store").json({ data });
      } catch (err) {
        fail(res, err);
      }
    };

  const cookie = (token: string, maxAgeSeconds: number) =>
    `${PORTAL_COOKIE}=${encodeURIComponent(token)}; Path=/portal; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${
      deps.secureCookie ? "; Secure" : ""
    }`;

  api.post("/session", async (req, res) => {
    try {
      const body = parse(signIn, req.body);
      // Sign-in attempts are limited per client address and per email (10 a minute, 3 at once).
      for (const who of [`ip:${req.ip}`, `email:${body.email.toLowerCase()}`]) {
        const r = (await signInLimit(
          [`${store.config.redisPrefix}signin:${who}`],
          [10, 3, 0, 1],
        )) as number[];
        if (r[0] !== 1) throw new RateLimitedError("too many sign-in attempts", Number(r[4]));
      }
      const account = await accounts.verifyCredentials(body.email, body.password);
      if (!account) {
        throw new ApiError("UNAUTHORIZED", 401, "wrong email or password", {
          details: { reason: "invalid_credentials" },
        });
      }
      const token = await accounts.createSession(account.id, deps.sessionHours);
      res
        .status(200)
        .set({ "Set-Cookie": cookie(token, deps.sessionHours * 3600), "Cache-Control": "no-store" })
        .json({ data: { account } });
    } catch (err) {
      fail(res, err);
    }
  });

  api.delete("/session", async (req, res) => {
    try {
      const token = cookieValue(req, PORTAL_COOKIE);
      if (token) await accounts.endSession(token);
      res
        .status(200)
        .set("Set-Cookie", cookie("", 0))
        .json({ data: { signedOut: true } });
    } catch (err) {
      fail(res, err);
    }
  });

  api.get(
    "/account",
    authed(async (_req, _res, accountId) => ({
      account: await accounts.getAccount(accountId),
      credits: await store.figures(accountId),
      pricePerCreditNanoUsd: String(store.config.priceNanoUsdPerCredit),
    })),
  );

  api.put(
    "/spend-cap",
    authed(async (req, _res, accountId) =>
      accounts.setSpendCap(accountId, parse(spendCap, req.body).spendCapUsd),
    ),
  );

  api.post(
    "/payment-method",
    authed(async (req, _res, accountId) =>
      accounts.addPaymentMethod(accountId, parse(paymentMethod, req.body).token),
    ),
  );

  api.get(
    "/keys",
    authed(async (_req, _res, accountId) => accounts.listKeys(accountId)),
  );

  api.post(
    "/keys",
    authed(async (req, _res, accountId) => accounts.createKey(accountId, parse(keyName, req.body).name)),
  );

  api.patch(
    "/keys/:id",
    authed(async (req, _res, accountId) =>
      accounts.renameKey(accountId, String(req.params.id), parse(keyName, req.body).name),
    ),
  );

  api.post(
    "/keys/:id/rotate",
    authed(async (req, _res, accountId) => accounts.rotateKey(accountId, String(req.params.id))),
  );

  api.delete(
    "/keys/:id",
    authed(async (req, _res, accountId) => {
      await accounts.revokeKey(accountId, String(req.params.id));
      return { revoked: String(req.params.id) };
    }),
  );

  api.get(
    "/usage/history",
    authed(async (req, _res, accountId) => {
      const q = parse(history, req.query);
      const size = BUCKETS[q.bucket];
      const to = Math.ceil(Date.now() / size) * size;
      const from = to - q.points * size;
      const totals = await readUsageTotals(
        { store, pg: store.pg },
        { accountId, keyId: null, from, to, groupBy: "bucket", bucketMs: size },
      );
      const points = [];
      for (let at = from; at < to; at += size) {
        points.push({ at, ...(totals.get(String(at)) ?? { requests: 0, credits: 0, errors: 0 }) });
      }
      return { bucket: q.bucket, points };
    }),
  );

  api.get(
    "/usage/breakdown",
    authed(async (_req, _res, accountId) => {
      const now = Date.now();
      const totals = await readUsageTotals(
        { store, pg: store.pg },
        {
          accountId,
          keyId: null,
          from: monthStart(now),
          to: Math.ceil(now / USAGE_BUCKET_MS) * USAGE_BUCKET_MS,
          groupBy: "endpoint",
        },
      );
      return [...totals.entries()]
        .map(([endpoint, t]) => ({ endpoint, ...t }))
        .sort((a, b) => b.credits - a.credits || b.requests - a.requests);
    }),
  );

  api.use((req: Request, res: Response) => {
    fail(res, new ApiError("NOT_FOUND", 404, `no portal call ${req.method} ${req.path}`));
  });
  api.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const type = (err as { type?: unknown } | null)?.type;
    fail(
      res,
      type === "entity.parse.failed" ? new InvalidParamError("body", "the body is not valid JSON") : err,
    );
  });
  router.use("/api", api);
  return router;
}
