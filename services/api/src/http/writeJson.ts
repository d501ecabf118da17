import type { IncomingMessage, ServerResponse } from "node:http";
import accepts from "accepts";
import fresh from "fresh";
import { SerializedJson } from "./SerializedJson.ts";

/**
 * Writes a JSON response with node's own calls, as Express's `res.json` writes it: the JSON
 * content type, a weak ETag on a GET or HEAD (the only requests that can revalidate with it, so
 * a POST's body, up to megabytes for a batch, is not hashed), 304 to a GET or HEAD whose
 * `If-None-Match` already holds it, no body to HEAD. A serialized body large enough goes gzip-encoded to a client that prefers gzip
 * (`Vary: Accept-Encoding`); other bodies are serialized here and sent as they are.
 */
export function writeJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: unknown,
): void {
  const serialized = body instanceof SerializedJson;
  const json = serialized ? body : new SerializedJson(JSON.stringify(body));
  res.statusCode = status;
  for (const name in headers) res.setHeader(name, headers[name] as string);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  const read = req.method === "GET" || req.method === "HEAD";
  if (read) res.setHeader("ETag", json.etag);
  let gzip: Buffer | null = null;
  if (serialized && json.compressible) {
    res.setHeader("Vary", "Accept-Encoding");
    if (accepts(req).encodings(["gzip", "identity"]) === "gzip") {
      res.setHeader("Content-Encoding", "gzip");
      gzip = json.gzip;
    }
  }
  if (
    read &&
    ((status >= 200 && status < 300) || status === 304) &&
    fresh(req.headers, { etag: json.etag })
  ) {
    res.statusCode = 304;
    for (const name of ["Content-Type", "Content-Length", "Content-Encoding", "Transfer-Encoding"])
      res.removeHeader(name);
    res.end();
    return;
  }
  res.setHeader("Content-Length", gzip ? gzip.length : json.byteLength);
  if (req.method === "HEAD") res.end();
  else if (gzip) res.end(gzip);
  else json.end(res);
}
