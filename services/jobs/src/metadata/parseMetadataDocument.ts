import { type MetadataGateways, publicUrl } from "./resolveMetadataUrl.ts";

/** The socials, images and description a token's metadata document declares. */
export type MetadataFields = {
  iconUrl: string | null;
  headerUrl: string | null;
  websiteUrl: string | null;
  twitterUrl: string | null;
  telegramUrl: string | null;
  discordUrl: string | null;
  description: string | null;
};

const MAX_DESCRIPTION = 2000;

type Doc = Record<string, unknown>;
const obj = (v: unknown): Doc => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Doc) : {});

/** The first of `keys` present in any of `docs` (the document, then its `extensions`, `links`, `properties`). */
function pick(docs: Doc[], keys: string[]): unknown {
  for (const d of docs)
    for (const k of keys) if (d[k] !== undefined && d[k] !== null && d[k] !== "") return d[k];
  return undefined;
}

/** A social handle or URL as an https URL of its network (a bare handle is placed under `base`). */
function social(v: unknown, base: string, hosts: RegExp, g: MetadataGateways): string | null {
  if (typeof v !== "string") return null;
  const s = v.trim();
  const handle = s.replace(/^@/, "");
  if (/^[A-Za-z0-9_]{1,64}$/.test(handle)) return `${base}/${handle}`;
  const url = publicUrl(s.startsWith("http") ? s : `https://${s}`, g);
  if (!url) return null;
  return hosts.test(new URL(url).hostname) ? url : null;
}

/**
 * Reads a token metadata document (Metaplex JSON standard, pump.fun and similar launchpads, the
 * `extensions` block of token lists): `image` as the icon, `header`/`banner` as the header,
 * website, twitter (x.com), telegram, discord and description. A link outside its network's
 * hosts, or not https (after rewriting ipfs:// and ar:// through the gateways), is dropped; the
 * description is cut at 2,000 characters. Unknown stays null.
 */
export function parseMetadataDocument(raw: unknown, gateways: MetadataGateways): MetadataFields {
  const doc = obj(raw);
  const docs = [doc, obj(doc.extensions), obj(doc.links), obj(doc.properties), obj(doc.socials)];
  const description = pick(docs, ["description"]);
  return {
    iconUrl: publicUrl(pick(docs, ["image", "icon", "logo", "logoURI"]), gateways),
    headerUrl: publicUrl(pick(docs, ["header", "banner", "headerImage"]), gateways),
    websiteUrl: publicUrl(pick(docs, ["website", "external_url", "websiteUrl"]), gateways),
    twitterUrl: social(
      pick(docs, ["twitter", "x", "twitterUrl"]),
      "https://x.com",
      /(^|\.)(x|twitter)\.com$/,
      gateways,
    ),
    telegramUrl: social(
      pick(docs, ["telegram", "telegramUrl"]),
      "https://t.me",
      /(^|\.)(t\.me|telegram\.me)$/,
      gateways,
    ),
    discordUrl: social(
      pick(docs, ["discord", "discordUrl"]),
      "https://discord.gg",
      /(^|\.)(discord\.gg|discord\.com)$/,
      gateways,
    ),
    description:
      typeof description === "string" && description.trim() !== ""
        ? description.trim().slice(0, MAX_DESCRIPTION)
        : null,
  };
}
