import { VersionedTransaction } from "@solana/web3.js";
import { bytesToBase58 } from "./bytesToBase58.ts";
import { SolanaDecodeError } from "./SolanaDecodeError.ts";
import type { SolanaInstruction, SolanaTokenBalance, SolanaTransaction } from "./SolanaTransaction.ts";
import { SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from "./solanaPrograms.ts";

type Json = Record<string, unknown>;
type RawInstruction = {
  programIdIndex?: number;
  programId?: string;
  accounts?: (number | string)[];
  data?: string;
  parsed?: unknown;
  stackHeight?: number | null;
};

/** Where the transaction sits when the node's answer does not say (getBlock entries). */
export type NormalizeContext = { slot?: bigint | number | null; blockTime?: number | null };

const asObj = (v: unknown): Json => (v && typeof v === "object" ? (v as Json) : {});

function u64le(amount: bigint): number[] {
  const out: number[] = [];
  let v = amount;
  for (let i = 0; i < 8; i++) {
    out.push(Number(v & 0xffn));
    v >>= 8n;
  }
  return out;
}

/**
 * jsonParsed answers replace the data of instructions the node understands by a `parsed`
 * object. The transfers the decoders read are re-encoded to their wire bytes; any other parsed
 * instruction keeps its program id only (no decoder reads it).
 */
function fromParsed(ix: RawInstruction): { accounts: string[]; bytes: Uint8Array } | null {
  const parsed = asObj(ix.parsed);
  const info = asObj(parsed.info);
  const type = parsed.type;
  if (ix.programId === TOKEN_PROGRAM || ix.programId === TOKEN_2022_PROGRAM) {
    if (type === "transfer" && typeof info.amount === "string") {
      return {
        accounts: [
          String(info.source),
          String(info.destination),
          String(info.authority ?? info.multisigAuthority),
        ],
        bytes: Uint8Array.from([3, ...u64le(BigInt(info.amount))]),
      };
    }
    if (type === "transferChecked") {
      const ta = asObj(info.tokenAmount);
      return {
        accounts: [
          String(info.source),
          String(info.mint),
          String(info.destination),
          String(info.authority ?? info.multisigAuthority),
        ],
        bytes: Uint8Array.from([12, ...u64le(BigInt(String(ta.amount))), Number(ta.decimals ?? 0)]),
      };
    }
  }
  if (ix.programId === SYSTEM_PROGRAM && type === "transfer") {
    return {
      accounts: [String(info.source), String(info.destination)],
      bytes: Uint8Array.from([2, 0, 0, 0, ...u64le(BigInt(String(info.lamports)))]),
    };
  }
  return null;
}

/**
 * An instruction whose account addresses and path are resolved on first read: most
 * instructions of a block are never looked at by a decoder.
 */
class LazyInstruction implements SolanaInstruction {
  bytes: Uint8Array | null = null;
  private resolved: string[] | null = null;
  constructor(
    private readonly keys: string[],
    private readonly accountRefs: readonly (number | string)[],
    readonly top: number,
    readonly inner: number,
    readonly stackHeight: number,
    readonly programId: string,
    readonly data58: string | null,
  ) {}

  get accounts(): string[] {
    if (this.resolved) return this.resolved;
    const out = new Array<string>(this.accountRefs.length);
    for (let i = 0; i < out.length; i++) {
      const a = this.accountRefs[i]!;
      out[i] = typeof a === "number" ? (this.keys[a] ?? "") : a;
    }
    this.resolved = out;
    return out;
  }

  get path(): string {
    return this.inner < 0 ? String(this.top) : `${this.top}.${this.inner}`;
  }
}

const NO_ACCOUNTS: readonly number[] = [];

function toInstruction(
  raw: RawInstruction,
  keys: string[],
  top: number,
  inner: number,
  defaultHeight: number,
): SolanaInstruction {
  const programId = raw.programId ?? keys[raw.programIdIndex ?? -1];
  if (programId === undefined) throw new SolanaDecodeError(`instruction ${top}.${inner} has no program id`);
  const height = raw.stackHeight ?? defaultHeight;
  if (raw.parsed !== undefined) {
    const p = fromParsed({ ...raw, programId });
    const ix = new LazyInstruction(keys, p?.accounts ?? NO_ACCOUNTS, top, inner, height, programId, null);
    ix.bytes = p?.bytes ?? new Uint8Array(0);
    return ix;
  }
  return new LazyInstruction(
    keys,
    raw.accounts ?? NO_ACCOUNTS,
    top,
    inner,
    height,
    programId,
    raw.data ?? null,
  );
}

type RawBalance = {
  accountIndex: number;
  mint: string;
  owner?: string;
  programId?: string;
  uiTokenAmount: { amount: string; decimals: number };
};

/**
 * A token balance whose amount is parsed on first read: decoders look up owners and mints of
 * most accounts but the amounts of only a few (the maker's, the pool's vaults).
 */
class RecordedTokenBalance implements SolanaTokenBalance {
  private parsed: bigint | null = null;
  constructor(
    readonly account: string,
    readonly mint: string,
    readonly owner: string | null,
    readonly programId: string | null,
    private readonly raw: string,
    readonly decimals: number,
  ) {}

  get amount(): bigint {
    this.parsed ??= BigInt(this.raw);
    return this.parsed;
  }
}

function balances(list: unknown, keys: string[]): Map<string, SolanaTokenBalance> {
  const out = new Map<string, SolanaTokenBalance>();
  if (!Array.isArray(list)) return out;
  for (const b of list as RawBalance[]) {
    const account = keys[b.accountIndex];
    if (account === undefined) continue;
    out.set(
      account,
      new RecordedTokenBalance(
        account,
        b.mint,
        b.owner ?? null,
        b.programId ?? null,
        b.uiTokenAmount.amount,
        b.uiTokenAmount.decimals,
      ),
    );
  }
  return out;
}

type Message = {
  keys: string[];
  /** jsonParsed keys already list the addresses loaded from lookup tables */
  includesLoaded: boolean;
  signerCount: number;
  instructions: RawInstruction[];
  signature: string;
};

function fromWire(b64: string): Message {
  const tx = VersionedTransaction.deserialize(Buffer.from(b64, "base64"));
  const m = tx.message;
  return {
    keys: m.staticAccountKeys.map((k) => k.toBase58()),
    includesLoaded: false,
    signerCount: m.header.numRequiredSignatures,
    instructions: m.compiledInstructions.map((ix) => ({
      programIdIndex: ix.programIdIndex,
      accounts: [...ix.accountKeyIndexes],
      data: bytesToBase58(ix.data),
      stackHeight: 1,
    })),
    signature: bytesToBase58(tx.signatures[0] ?? new Uint8Array(64)),
  };
}

function fromJsonMessage(transaction: Json): Message {
  const message = asObj(transaction.message);
  const rawKeys = Array.isArray(message.accountKeys) ? (message.accountKeys as unknown[]) : [];
  const parsedKeys = rawKeys.length > 0 && typeof rawKeys[0] === "object";
  const keys = parsedKeys
    ? rawKeys.map((k) => (typeof k === "string" ? k : String(asObj(k).pubkey)))
    : (rawKeys as string[]);
  const header = asObj(message.header);
  const signerCount = parsedKeys
    ? rawKeys.filter((k) => asObj(k).signer === true).length
    : Number(header.numRequiredSignatures ?? 1);
  const signatures = Array.isArray(transaction.signatures) ? (transaction.signatures as string[]) : [];
  return {
    keys,
    includesLoaded: parsedKeys,
    signerCount,
    instructions: (message.instructions as RawInstruction[] | undefined) ?? [],
    signature: signatures[0] ?? "",
  };
}

/**
 * Normalizes one transaction as a node returns it from `getTransaction` or inside `getBlock`
 * (encodings `json`, `jsonParsed` or `base64`) into the internal {@link SolanaTransaction}.
 * Pure; reads nothing else. A transaction without a message (meta only) cannot be decoded.
 * @throws SolanaDecodeError when the input has no message or is malformed.
 */
export function normalizeSolanaTransaction(input: unknown, ctx: NormalizeContext = {}): SolanaTransaction {
  const root = asObj(input);
  const meta = asObj(root.meta);
  const txField = root.transaction;
  let msg: Message;
  if (Array.isArray(txField) && typeof txField[0] === "string") msg = fromWire(txField[0]);
  else if (txField && typeof txField === "object") msg = fromJsonMessage(txField as Json);
  else throw new SolanaDecodeError("transaction has no message");

  const loaded = asObj(meta.loadedAddresses);
  const writable = (loaded.writable as string[] | undefined) ?? [];
  const readonly = (loaded.readonly as string[] | undefined) ?? [];
  const keys =
    msg.includesLoaded || writable.length + readonly.length === 0
      ? msg.keys
      : msg.keys.concat(writable, readonly);

  let stackHeightsKnown = true;
  const innerByTop: (RawInstruction[] | undefined)[] = [];
  if (Array.isArray(meta.innerInstructions)) {
    for (const g of meta.innerInstructions as Json[]) {
      const index = Number(g.index);
      if (Number.isInteger(index) && index >= 0)
        innerByTop[index] = (g.instructions as RawInstruction[] | undefined) ?? [];
    }
  }
  const instructions: SolanaInstruction[] = [];
  const tops = msg.instructions;
  for (let top = 0; top < tops.length; top++) {
    instructions.push(toInstruction(tops[top]!, keys, top, -1, 1));
    const inner = innerByTop[top];
    if (!inner) continue;
    for (let j = 0; j < inner.length; j++) {
      const raw = inner[j]!;
      if (raw.stackHeight === undefined || raw.stackHeight === null) stackHeightsKnown = false;
      instructions.push(toInstruction(raw, keys, top, j, 2));
    }
  }

  const slotRaw = root.slot ?? ctx.slot;
  const blockTime = typeof root.blockTime === "number" ? root.blockTime : (ctx.blockTime ?? null);
  return new NormalizedTransaction(
    msg.signature,
    slotRaw === undefined || slotRaw === null ? null : BigInt(slotRaw as number),
    blockTime,
    keys,
    keys.slice(0, msg.signerCount),
    instructions,
    stackHeightsKnown,
    meta,
  );
}

/**
 * A normalized transaction whose token balances are read on first use: transactions no venue
 * decoder touches (most of a block) never pay for them.
 */
class NormalizedTransaction implements SolanaTransaction {
  private pre: Map<string, SolanaTokenBalance> | null = null;
  private post: Map<string, SolanaTokenBalance> | null = null;
  readonly preLamports: number[];
  readonly postLamports: number[];
  readonly fee: bigint;
  readonly err: unknown;
  readonly logMessages: string[];

  constructor(
    readonly signature: string,
    readonly slot: bigint | null,
    readonly blockTime: number | null,
    readonly accountKeys: string[],
    readonly signers: string[],
    readonly instructions: SolanaInstruction[],
    readonly stackHeightsKnown: boolean,
    private readonly meta: Json,
  ) {
    this.preLamports = (meta.preBalances as number[] | undefined) ?? [];
    this.postLamports = (meta.postBalances as number[] | undefined) ?? [];
    this.fee = BigInt(Number(meta.fee ?? 0));
    this.err = meta.err ?? null;
    this.logMessages = (meta.logMessages as string[] | undefined) ?? [];
  }

  get preTokenBalances(): Map<string, SolanaTokenBalance> {
    this.pre ??= balances(this.meta.preTokenBalances, this.accountKeys);
    return this.pre;
  }

  get postTokenBalances(): Map<string, SolanaTokenBalance> {
    this.post ??= balances(this.meta.postTokenBalances, this.accountKeys);
    return this.post;
  }
}
