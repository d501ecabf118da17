import type { paths } from "./apiTypes.ts";
import { TapelineApiError } from "./TapelineApiError.ts";

type Op<P extends keyof paths, M extends "get" | "post"> = paths[P][M];
type PathsWith<M extends "get" | "post"> = {
  [P in keyof paths]: paths[P][M] extends undefined | never ? never : P;
}[keyof paths];

/** Paths answering GET. */
export type GetPath = PathsWith<"get">;
/** Paths answering POST. */
export type PostPath = PathsWith<"post">;
/** The query parameters of `GET path`. */
export type QueryOf<P extends GetPath> =
  Op<P, "get"> extends { parameters: { query?: infer Q } }
    ? [Exclude<Q, undefined>] extends [never]
      ? Record<string, never>
      : Exclude<Q, undefined>
    : Record<string, never>;
/** The JSON body of `POST path`. */
export type BodyOf<P extends PostPath> =
  Op<P, "post"> extends {
    requestBody: { content: { "application/json": infer B } };
  }
    ? B
    : never;
type Ok<O> = O extends { responses: { 200: { content: { "application/json": infer R } } } } ? R : unknown;
/** The 200 answer of `GET path`. */
export type GetResponse<P extends GetPath> = Ok<Op<P, "get">>;
/** The 200 answer of `POST path`. */
export type PostResponse<P extends PostPath> = Ok<Op<P, "post">>;

export type RestClientOptions = {
  /** The API's base URL, e.g. `https://api.example.com` (no trailing `/v1`). */
  baseUrl: string;
  /** The raw API key (sent as the whole `Authorization` header). Omit on a demo listener. */
  apiKey?: string;
  /**
   * How many times a call answered 429 or 503 is sent again, after its `Retry-After` (default 2).
   * Network failures are not retried: the caller decides.
   */
  maxRetries?: number;
  /** Longest wait honoured between tries, in ms (default 10000). */
  maxRetryWaitMs?: number;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
};

export type CallOptions = { signal?: AbortSignal };

export type RestClient = {
  get<P extends GetPath>(path: P, query?: QueryOf<P>, opts?: CallOptions): Promise<GetResponse<P>>;
  post<P extends PostPath>(path: P, body: BodyOf<P>, opts?: CallOptions): Promise<PostResponse<P>>;
};

/**
 * A typed REST client: paths, query parameters, bodies and answers come from the types generated
 * from the OpenAPI document. An error answer throws `TapelineApiError` with the API's code and
 * details; 429 and 503 are tried again after their `Retry-After`.
 */
export function createRestClient(opts: RestClientOptions): RestClient {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const doFetch = opts.fetch ?? fetch;
  const maxRetries = opts.maxRetries ?? 2;
  const maxWait = opts.maxRetryWaitMs ?? 10_000;

  async function call(
    method: "GET" | "POST",
    url: string,
    body: unknown,
    co?: CallOptions,
  ): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { accept: "application/json" };
      if (opts.apiKey) headers["authorization"] = opts.apiKey;
      if (method === "POST") headers["content-type"] = "application/json";
      const res = await doFetch(url, {
        method,
        headers,
        ...(method === "POST" ? { body: JSON.stringify(body) } : {}),
        ...(co?.signal ? { signal: co.signal } : {}),
      });
      if (res.ok) return res.json();
      const err = await toApiError(res);
      if ((res.status === 429 || res.status === 503) && attempt < maxRetries) {
        await sleep(Math.min(err.retryAfterMs ?? 1000, maxWait), co?.signal);
        continue;
      }
      throw err;
    }
  }

  return {
    get(path, query, co) {
      return call("GET", `${base}${path}${toQueryString(query ?? {})}`, undefined, co) as never;
    },
    post(path, body, co) {
      return call("POST", `${base}${path}`, body, co) as never;
    },
  };
}

/** Query values as the API reads them: arrays as CSV, booleans and numbers as text. */
function toQueryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    params.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

async function toApiError(res: Response): Promise<TapelineApiError> {
  const retryAfter = Number(res.headers.get("retry-after"));
  const retryAfterMs =
    Number.isFinite(retryAfter) && retryAfter >= 0 && res.headers.has("retry-after")
      ? retryAfter * 1000
      : null;
  let error: { code?: unknown; message?: unknown; details?: unknown } = {};
  try {
    error = ((await res.json()) as { error?: typeof error }).error ?? {};
  } catch {
    // not JSON (a proxy's page): the status is all there is
  }
  return new TapelineApiError({
    status: res.status,
    code: typeof error.code === "string" ? error.code : `HTTP_${res.status}`,
    message: typeof error.message === "string" ? error.message : res.statusText,
    ...(error.details && typeof error.details === "object"
      ? { details: error.details as Record<string, unknown> }
      : {}),
    retryAfterMs,
  });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
