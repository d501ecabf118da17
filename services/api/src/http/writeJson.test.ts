import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SerializedJson } from "./SerializedJson.ts";
import { writeJson } from "./writeJson.ts";

/** The same bodies served by Express's `res.json` and by writeJson, over real HTTP. */
const small = { data: { symbol: "WETH", price: 0.1 } };
const large = {
  data: Array.from({ length: 400 }, (_, i) => ({ time: 1_700_000_000 + i * 60, close: i / 7 })),
};

/** `large` serialized in pieces, as a batch body is: text and bytes around the data's bytes. */
const largePieces = () => {
  const text = JSON.stringify(large);
  return ['{"data":', Buffer.from(text.slice(8, -1)), Buffer.from("}")];
};
/** One pieced body answered to every request, as a cached answer is. */
let shared = new SerializedJson(largePieces());

let expressUrl = "";
let rawUrl = "";
const servers: http.Server[] = [];

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const app = express();
  app.get("/small", (_req, res) => res.status(200).set({ "X-Credits": "1" }).json(small));
  app.get("/large", (_req, res) => res.json(large));
  app.get("/pieces", (_req, res) => res.json(large));
  app.get("/shared", (_req, res) => res.json(large));
  app.get("/missing", (_req, res) => res.status(404).json({ error: { code: "NOT_FOUND" } }));
  expressUrl = await serve(app);
  rawUrl = await serve((req, res) => {
    if (req.url === "/small") writeJson(req, res, 200, { "X-Credits": "1" }, small);
    else if (req.url === "/large") writeJson(req, res, 200, {}, new SerializedJson(JSON.stringify(large)));
    else if (req.url === "/pieces") writeJson(req, res, 200, {}, new SerializedJson(largePieces()));
    else if (req.url === "/shared") writeJson(req, res, 200, {}, shared);
    else writeJson(req, res, 404, {}, { error: { code: "NOT_FOUND" } });
  });
});

afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
});

async function read(base: string, path: string, init: RequestInit = {}) {
  const r = await fetch(`${base}${path}`, {
    ...init,
    headers: { "accept-encoding": "identity", ...init.headers },
  });
  const text = await r.text();
  const pick = (h: string) => r.headers.get(h);
  return {
    status: r.status,
    text,
    contentType: pick("content-type"),
    etag: pick("etag"),
    length: pick("content-length"),
    credits: pick("x-credits"),
  };
}

function plainGet(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        let body = "";
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

describe("writeJson answers as Express's res.json does", () => {
  for (const path of ["/small", "/large", "/pieces", "/missing"]) {
    it(`GET ${path}: status, content type, ETag, length and body`, async () => {
      expect(await read(rawUrl, path)).toEqual(await read(expressUrl, path));
    });

    it(`HEAD ${path}: the same headers and no body`, async () => {
      const raw = await read(rawUrl, path, { method: "HEAD" });
      expect(raw).toEqual(await read(expressUrl, path, { method: "HEAD" }));
      expect(raw.text).toBe("");
    });
  }

  it("answers 304 with no body to an If-None-Match holding the ETag, and 200 under no-cache", async () => {
    const { etag } = await read(rawUrl, "/large");
    // node's own client: fetch adds Cache-Control: no-cache to any conditional request
    const conditional = { "if-none-match": etag! };
    const raw = await plainGet(rawUrl, "/large", conditional);
    expect(raw).toEqual({ status: 304, body: "" });
    expect(await plainGet(expressUrl, "/large", conditional)).toEqual(raw);
    const noCache = { ...conditional, "cache-control": "no-cache" };
    expect((await plainGet(rawUrl, "/large", noCache)).status).toBe(200);
    // an error is never "not modified"
    const missing = await read(rawUrl, "/missing");
    expect((await plainGet(rawUrl, "/missing", { "if-none-match": missing.etag! })).status).toBe(404);
  });

  it("sends a large serialized body gzip-encoded to a client that prefers gzip, with Vary", async () => {
    const r = await fetch(`${rawUrl}/large`, { headers: { "accept-encoding": "gzip" } });
    expect(r.headers.get("content-encoding")).toBe("gzip");
    expect(r.headers.get("vary")).toBe("Accept-Encoding");
    expect(await r.json()).toEqual(large);
    const plain = await fetch(`${rawUrl}/large`, { headers: { "accept-encoding": "gzip;q=0, identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.json()).toEqual(large);
  });

  it("answers a body in pieces the same the first time (pieces written in turn) and after (joined)", async () => {
    shared = new SerializedJson(largePieces());
    const want = await read(expressUrl, "/shared");
    for (let i = 0; i < 3; i++) expect(await read(rawUrl, "/shared")).toEqual(want);
    expect(shared.bytes.equals(Buffer.from(JSON.stringify(large)))).toBe(true);
    expect(shared.byteLength).toBe(Buffer.byteLength(JSON.stringify(large)));
  });
});
