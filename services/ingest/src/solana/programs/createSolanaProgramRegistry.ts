import { readFileSync } from "node:fs";

/**
 * A Solana program the decoder knows by name: a venue (its swaps become trades on its pools) or a
 * router (aggregator, order router or trading bot: it carries swaps, it is never a pool).
 */
export type SolanaProgramEntry = {
  programId: string;
  kind: "venue" | "router";
  /** upper snake case: the venue type of its pools, or the router's identifier */
  type: string;
  /** display name (a pool's `exchangeName`, a trade's `router.name`) */
  name: string;
  /** where the program id was verified */
  source: string;
  /**
   * An order book's swap layout: positions of the market account and of its base and quote
   * vaults in the swap instruction. A fill moving exactly those vaults is a trade on the market.
   */
  orderBook?: { market: number; vaults: [number, number] };
  /**
   * A venue that trades pool shares as assets (a stake-pool router: an LST burnt against SOL or
   * minted for it): a share burnt from the trader's side is part of what it paid, a share minted
   * to it part of what it received, instead of marking a liquidity operation.
   */
  tradesShares?: boolean;
  /**
   * Position of the pool account in the swap instruction, for a venue whose one authority owns
   * the vaults of all its pools (Tessera V): the vault owner would merge every pair into one pool.
   */
  poolAccount?: number;
  /**
   * One state account owns the vaults of several assets (a multi-asset stable pool): each pair
   * trades on its vault pair's derived id, not on the state account, which would merge them.
   */
  multiAsset?: boolean;
};

/** Program ids and what they are, from `programs.json` and configuration. */
export type SolanaProgramRegistry = {
  get(programId: string): SolanaProgramEntry | undefined;
  isRouter(programId: string): boolean;
  entries(): readonly SolanaProgramEntry[];
};

const BASE58_ID = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const UPPER_SNAKE = /^[A-Z0-9]+(_[A-Z0-9]+)*$/;

/**
 * Reads program entries from parsed JSON (an array of `{ programId, kind, type, name, source? }`).
 * Every problem is reported with the entry's position, so a bad configuration fails at start.
 */
export function parseSolanaProgramEntries(
  raw: unknown,
  label: string,
): { entries: SolanaProgramEntry[]; problems: string[] } {
  const problems: string[] = [];
  const entries: SolanaProgramEntry[] = [];
  if (!Array.isArray(raw)) return { entries, problems: [`${label} must be a JSON array`] };
  raw.forEach((e: unknown, i) => {
    const o = (e ?? {}) as Record<string, unknown>;
    let problem: string | null = null;
    if (typeof o.programId !== "string" || !BASE58_ID.test(o.programId))
      problem = "programId must be a base58 program id";
    else if (o.kind !== "venue" && o.kind !== "router") problem = "kind must be venue or router";
    else if (typeof o.type !== "string" || !UPPER_SNAKE.test(o.type))
      problem = "type must be UPPER_SNAKE_CASE";
    else if (typeof o.name !== "string" || o.name === "") problem = "name must be a non-empty string";
    else if (o.source !== undefined && typeof o.source !== "string") problem = "source must be a string";
    else if (o.orderBook !== undefined && !isOrderBook(o.orderBook))
      problem = "orderBook must be { market, vaults: [base, quote] } account positions";
    else if (o.tradesShares !== undefined && typeof o.tradesShares !== "boolean")
      problem = "tradesShares must be a boolean";
    else if (o.poolAccount !== undefined && !isPosition(o.poolAccount))
      problem = "poolAccount must be an account position";
    else if (o.multiAsset !== undefined && typeof o.multiAsset !== "boolean")
      problem = "multiAsset must be a boolean";
    if (problem !== null) {
      problems.push(`${label}[${i}].${problem}`);
      return;
    }
    entries.push({
      programId: o.programId as string,
      kind: o.kind as "venue" | "router",
      type: o.type as string,
      name: o.name as string,
      source: (o.source as string | undefined) ?? "configuration",
      ...(o.orderBook === undefined
        ? {}
        : { orderBook: o.orderBook as SolanaProgramEntry["orderBook"] & {} }),
      ...(o.tradesShares === true ? { tradesShares: true } : {}),
      ...(o.poolAccount === undefined ? {} : { poolAccount: o.poolAccount as number }),
      ...(o.multiAsset === true ? { multiAsset: true } : {}),
    });
  });
  return { entries, problems };
}

const isPosition = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= 0 && (v as number) < 256;
function isOrderBook(v: unknown): boolean {
  const o = (v ?? {}) as Record<string, unknown>;
  return (
    isPosition(o.market) && Array.isArray(o.vaults) && o.vaults.length === 2 && o.vaults.every(isPosition)
  );
}

let builtIn: SolanaProgramEntry[] | null = null;
/** The entries shipped in `programs.json` (verified program ids, each with its source). */
export function builtInSolanaPrograms(): readonly SolanaProgramEntry[] {
  if (builtIn) return builtIn;
  const raw = JSON.parse(readFileSync(new URL("./programs.json", import.meta.url), "utf8")) as unknown;
  const { entries, problems } = parseSolanaProgramEntries(raw, "programs.json");
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.programId)) problems.push(`programs.json: ${e.programId} listed twice`);
    seen.add(e.programId);
  }
  if (problems.length > 0) throw new TypeError(problems.join("; "));
  builtIn = entries;
  return entries;
}

/**
 * The built-in programs with `extra` entries over them (configuration: a new venue or router,
 * or a corrected name). A later entry for the same program id replaces an earlier one.
 */
export function createSolanaProgramRegistry(
  extra: readonly SolanaProgramEntry[] = [],
): SolanaProgramRegistry {
  const byId = new Map<string, SolanaProgramEntry>();
  for (const e of [...builtInSolanaPrograms(), ...extra]) byId.set(e.programId, e);
  const list = [...byId.values()];
  return {
    get: (p) => byId.get(p),
    isRouter: (p) => byId.get(p)?.kind === "router",
    entries: () => list,
  };
}
