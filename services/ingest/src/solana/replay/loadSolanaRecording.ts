import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** One recorded transaction as a node returned it, with where it sits. */
export type RecordedSolanaTransaction = {
  signature: string | null;
  slot: number | null;
  blockTime: number | null;
  /** the getTransaction result (or getBlock entry) exactly as recorded */
  raw: Record<string, unknown>;
  encoding: "json" | "jsonParsed" | "base64" | "meta-only";
  file: string;
};

/** A recorded getBlock result (slot may be unknown when the recording did not keep it). */
export type RecordedSolanaBlock = { slot: number | null; raw: Record<string, unknown>; file: string };

export type SolanaRecording = {
  /** distinct transactions by signature, json encoding preferred over base64 */
  transactions: RecordedSolanaTransaction[];
  /** transactions recorded without a message (meta only) */
  metaOnly: RecordedSolanaTransaction[];
  blocks: RecordedSolanaBlock[];
};

type Json = Record<string, unknown>;

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (name.endsWith(".json")) out.push(p);
  }
  return out;
}

function encodingOf(raw: Json): RecordedSolanaTransaction["encoding"] {
  const t = raw.transaction;
  if (Array.isArray(t)) return "base64";
  if (!t) return "meta-only";
  const keys = (t as Json & { message?: Json }).message?.accountKeys;
  return Array.isArray(keys) && typeof keys[0] === "object" ? "jsonParsed" : "json";
}

function signatureOf(raw: Json): string | null {
  const t = raw.transaction as Json | unknown[] | undefined;
  if (t && !Array.isArray(t) && Array.isArray(t.signatures)) return String(t.signatures[0]);
  return null;
}

/**
 * Loads recorded Solana data from `<root>/solana/tx` (the fixtures layout): getTransaction
 * results in json, jsonParsed or base64 encoding (bare, in a one-element list, or under `raw`
 * with `signature`), getBlock results, and meta-only transactions. Base64 transactions get
 * their signature from the wire bytes when the file does not state it.
 */
export function loadSolanaRecording(root: string): SolanaRecording {
  const dir = join(root, "solana", "tx");
  const bySig = new Map<string, RecordedSolanaTransaction>();
  const metaOnly: RecordedSolanaTransaction[] = [];
  const blocks: RecordedSolanaBlock[] = [];
  for (const path of walk(dir)) {
    const file = relative(root, path);
    let doc = JSON.parse(readFileSync(path, "utf8")) as unknown;
    if (Array.isArray(doc)) doc = doc[0];
    const obj = doc as Json;
    if (Array.isArray(obj.transactions)) {
      blocks.push({ slot: typeof obj.slot === "number" ? obj.slot : null, raw: obj, file });
      continue;
    }
    const raw = (obj.raw && typeof obj.raw === "object" ? obj.raw : obj) as Json;
    if (!raw.meta && raw.innerInstructions !== undefined) {
      metaOnly.push({
        signature: null,
        slot: null,
        blockTime: null,
        raw: { meta: raw },
        encoding: "meta-only",
        file,
      });
      continue;
    }
    const encoding = encodingOf(raw);
    const signature = (typeof obj.signature === "string" ? obj.signature : null) ?? signatureOf(raw);
    const rec: RecordedSolanaTransaction = {
      signature,
      slot: typeof raw.slot === "number" ? raw.slot : null,
      blockTime: typeof raw.blockTime === "number" ? raw.blockTime : null,
      raw,
      encoding,
      file,
    };
    if (!signature) continue;
    const prev = bySig.get(signature);
    if (!prev || (prev.encoding === "base64" && encoding !== "base64")) bySig.set(signature, rec);
  }
  return { transactions: [...bySig.values()], metaOnly, blocks };
}
