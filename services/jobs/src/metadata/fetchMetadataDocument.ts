import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { isLoopbackAddress, isPrivateAddress } from "./isPrivateAddress.ts";
import { MetadataFetchError } from "./MetadataFetchError.ts";

export type MetadataFetchOptions = {
  /** the whole fetch, redirects included */
  timeoutMs: number;
  /** largest body taken, in bytes */
  maxBytes: number;
  /** @defaultValue 3 */
  maxRedirects?: number;
  /** media types taken (a JSON document is often served as text/plain by gateways) */
  contentTypes?: readonly string[];
  /**
   * TESTS ONLY: also allow plain http and loopback addresses (127.0.0.0/8, ::1), so a test can
   * serve documents from a local server. Never set in configuration; every other private
   * address stays refused.
   */
  testOnlyAllowLoopback?: boolean;
};

const DEFAULT_TYPES = ["application/json", "text/plain"];

/**
 * Fetches a JSON metadata document from a public https URL: every host (the first and each
 * redirect's) is resolved and refused when any of its addresses is private, loopback,
 * link-local or otherwise not public, and the connection goes to the address that was checked;
 * redirects are followed by hand (at most `maxRedirects`), the body is cut at `maxBytes`, the
 * content type must be one of `contentTypes`, and the whole exchange ends at `timeoutMs`.
 * @throws MetadataFetchError with the failure
 */
export async function fetchMetadataDocument(url: string, opts: MetadataFetchOptions): Promise<unknown> {
  const deadline = Date.now() + opts.timeoutMs;
  let current = url;
  for (let hop = 0; hop <= (opts.maxRedirects ?? 3); hop++) {
    const answer = await fetchOnce(current, opts, deadline);
    if (answer.kind === "redirect") {
      current = answer.location;
      continue;
    }
    try {
      return JSON.parse(answer.body);
    } catch {
      throw new MetadataFetchError("BAD_JSON", "the document is not JSON");
    }
  }
  throw new MetadataFetchError("TOO_MANY_REDIRECTS", "too many redirects");
}

function allowedAddress(ip: string, opts: MetadataFetchOptions): boolean {
  return !isPrivateAddress(ip) || (opts.testOnlyAllowLoopback === true && isLoopbackAddress(ip));
}

type Answer = { kind: "redirect"; location: string } | { kind: "body"; body: string };

function fetchOnce(raw: string, opts: MetadataFetchOptions, deadline: number): Promise<Answer> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return Promise.reject(new MetadataFetchError("BAD_URL", "not a URL"));
  }
  const httpAllowed = opts.testOnlyAllowLoopback === true;
  if (url.protocol !== "https:" && !(httpAllowed && url.protocol === "http:"))
    return Promise.reject(new MetadataFetchError("BAD_URL", `${url.protocol} URLs are not fetched`));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // an IP literal is never looked up: check it here
  if (isIP(host) && !allowedAddress(host, opts))
    return Promise.reject(new MetadataFetchError("PRIVATE_ADDRESS", `${host} is not a public address`));
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new MetadataFetchError("TIMEOUT", "timed out"));

  // the socket connects to what this lookup answers, so the checked address is the one used
  const lookup = (
    hostname: string,
    options: { all?: boolean },
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, "");
      const bad = addresses.find((a) => !allowedAddress(a.address, opts));
      if (bad || addresses.length === 0)
        return callback(
          new MetadataFetchError("PRIVATE_ADDRESS", `${hostname} resolves to a non-public address`),
          "",
        );
      if (options.all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };

  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const fail = (err: MetadataFetchError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(err);
    };
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      { method: "GET", lookup: lookup as never, headers: { accept: "application/json, text/plain" } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          settled = true;
          clearTimeout(timer);
          try {
            resolve({ kind: "redirect", location: new URL(res.headers.location, url).href });
          } catch {
            reject(new MetadataFetchError("BAD_URL", "malformed redirect"));
          }
          return;
        }
        if (status !== 200) return fail(new MetadataFetchError("HTTP_STATUS", `HTTP ${status}`));
        const type = (res.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
        if (!(opts.contentTypes ?? DEFAULT_TYPES).includes(type))
          return fail(new MetadataFetchError("BAD_CONTENT_TYPE", `content type ${type || "(none)"}`));
        const declared = Number(res.headers["content-length"] ?? "0");
        if (declared > opts.maxBytes)
          return fail(
            new MetadataFetchError("TOO_LARGE", `${declared} bytes declared, limit ${opts.maxBytes}`),
          );
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size > opts.maxBytes)
            return fail(new MetadataFetchError("TOO_LARGE", `body over ${opts.maxBytes} bytes`));
          chunks.push(c);
        });
        res.on("end", () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ kind: "body", body: Buffer.concat(chunks).toString("utf8") });
        });
        res.on("error", () => fail(new MetadataFetchError("NETWORK", "connection failed")));
      },
    );
    const timer = setTimeout(() => fail(new MetadataFetchError("TIMEOUT", "timed out")), remaining);
    req.on("error", (err) =>
      fail(err instanceof MetadataFetchError ? err : new MetadataFetchError("NETWORK", err.message)),
    );
    req.end();
  });
}
