import http from "node:http";

/**
 * Keep-alive connections shared by the suite. Capped below the listen backlog, so thousands of
 * requests in flight queue on the client instead of having their connections dropped and retried.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: {
    data?: unknown;
    meta?: Record<string, unknown>;
    error?: { code: string; message: string; details?: Record<string, unknown> };
  };
};

/** One HTTP request with a JSON answer. */
export function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      url,
      {
        agent,
        method: opts.method ?? "GET",
        headers: {
          ...(payload
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
            : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          try {
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: text ? JSON.parse(text) : {},
            });
          } catch (err) {
            reject(new Error(`not JSON (${res.statusCode}): ${text.slice(0, 200)}`, { cause: err }));
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** A request authenticated with a raw API key. */
export function keyRequest(
  url: string,
  secret: string,
  opts: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  return request(url, { ...opts, headers: { authorization: secret, ...opts.headers } });
}
