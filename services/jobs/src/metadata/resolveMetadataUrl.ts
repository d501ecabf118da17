import { MetadataFetchError } from "./MetadataFetchError.ts";

/** Where `ipfs://` and `ar://` URIs are fetched: gateway base URLs, tried in order. */
export type MetadataGateways = { ipfs: readonly string[]; arweave: readonly string[] };

const CID_PATH = /^[A-Za-z0-9]+(\/[^?#]*)?$/;
const ARWEAVE_ID = /^[A-Za-z0-9_-]{43}(\/[^?#]*)?$/;

/**
 * The https URLs a token's metadata URI is fetched from, in order: `ipfs://<cid>[/path]` (also
 * `ipfs://ipfs/<cid>`) through each IPFS gateway as `<gateway>/ipfs/<cid>`, `ar://<id>` through
 * each Arweave gateway as `<gateway>/<id>`, an `https://` URL as it is. Anything else (http,
 * data:, file:, javascript:) is refused.
 * @throws MetadataFetchError `BAD_URL`
 */
export function resolveMetadataUrl(uri: string, gateways: MetadataGateways): string[] {
  const u = uri.trim();
  const join = (base: string, path: string) => `${base.replace(/\/+$/, "")}/${path}`;
  if (u.startsWith("ipfs://")) {
    const path = u.slice("ipfs://".length).replace(/^ipfs\//, "");
    if (!CID_PATH.test(path)) throw new MetadataFetchError("BAD_URL", "malformed ipfs:// URI");
    return gateways.ipfs.map((g) => join(g, `ipfs/${path}`));
  }
  if (u.startsWith("ar://")) {
    const path = u.slice("ar://".length);
    if (!ARWEAVE_ID.test(path)) throw new MetadataFetchError("BAD_URL", "malformed ar:// URI");
    return gateways.arweave.map((g) => join(g, path));
  }
  let url: URL;
  try {
    url = new URL(u);
  } catch {
    throw new MetadataFetchError("BAD_URL", "metadata URI is not a URL");
  }
  if (url.protocol !== "https:")
    throw new MetadataFetchError("BAD_URL", `${url.protocol} URLs are not fetched`);
  if (url.username || url.password)
    throw new MetadataFetchError("BAD_URL", "URLs with credentials are not fetched");
  return [url.href];
}

/**
 * An image or link URL found in a metadata document, as served: `ipfs://`/`ar://` rewritten to
 * the first gateway, `https://` kept, anything else (or longer than 2,048 characters) dropped.
 */
export function publicUrl(value: unknown, gateways: MetadataGateways): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  try {
    const urls = resolveMetadataUrl(value, gateways);
    return urls[0] ?? null;
  } catch {
    return null;
  }
}
