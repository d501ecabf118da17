import { describe, expect, it } from "vitest";
import { decodeSolanaTransaction } from "../../services/ingest/src/solana/decodeSolanaTransaction.ts";
import { fixtureRecording } from "./fixtureData.ts";
import { fileKey, flatInstructions, subtreeTransfers, tokenMint, tokenOwner } from "./fixtureSwapLegs.ts";

/**
 * A market is one pair of tokens. Multi-asset stablecoin pools serve several pairs from one vault
 * (one USDC vault against USDT, USD1 and JupUSD on AlphaQ; one USDC vault of Aquifer against USDT
 * and a pump token; one Stabble pool account owning the USDC, USDT and USD1 vaults): a generic
 * leg's pool named by one vault, or by the vaults' one owner, merged those pairs. Pairs and
 * amounts here come from each swap's own inner transfers and the transaction's token balances.
 */

type Raw = Record<string, unknown>;

const MULTI_ASSET_PROGRAMS: Readonly<Record<string, string>> = {
  AQU1FRd7papthgdrwPTTq5JacJh8YtwEXaBfKU3bTz45: "Aquifer",
  ALPHAQmeA7bjrVuccPsYPiCvsi428SNwte66Srvs4pHA: "AlphaQ",
  swapNyd8XiQwJ6ianp9snpu4brUqFxadzvHebnAXjJZ: "Stabble Stable Swap",
};

function successfulTransactions() {
  return fixtureRecording()
    .transactions.filter((t) => t.encoding === "json" && ((t.raw as Raw).meta as Raw).err === null)
    .map((t) => ({ key: fileKey(t.file), raw: t.raw as Raw }));
}

/** A transfer's mint: stated by TransferChecked, else either account's in the token balances (one may be a wrapped-SOL account opened and closed in the transaction). */
const mintOf = (raw: Raw, t: { source: string; destination: string; mint: string | null }): string | null =>
  t.mint ?? tokenMint(raw, t.source) ?? tokenMint(raw, t.destination);

const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const NATIVE_MINT = "So11111111111111111111111111111111111111112";

/**
 * The assets a subtree moved, sorted: the pair its swap traded. Token transfers give their mint;
 * a System transfer (tag 2) moves SOL as lamports, the same asset as wrapped SOL.
 */
function transferredPair(raw: Raw, index: number): string {
  const mints = new Set<string>();
  for (const t of subtreeTransfers(raw, index)) {
    const m = mintOf(raw, t);
    if (m !== null) mints.add(m);
  }
  const flat = flatInstructions(raw);
  for (let j = index + 1; j < flat[index]!.end; j++)
    if (flat[j]!.programId === SYSTEM_PROGRAM && flat[j]!.data.readUInt32LE(0) === 2) mints.add(NATIVE_MINT);
  return [...mints].sort().join("/");
}

/**
 * The swap of a subtree read from its transfers alone: a transfer x into an account of another
 * owner and a transfer y of another mint back to x's source owner (or to a wrapped-SOL account
 * closed in the transaction), out of an account the trader does not own (a fee paid elsewhere is
 * neither). Both orientations are returned: which side
 * is the trader is not told by the transfers.
 */
function transferSwaps(raw: Raw, index: number) {
  const ts = subtreeTransfers(raw, index);
  const owner = (a: string) => tokenOwner(raw, a);
  const out: {
    mintIn: string;
    amountIn: bigint;
    vaultIn: string;
    mintOut: string;
    amountOut: bigint;
    vaultOut: string;
  }[] = [];
  for (const x of ts)
    for (const y of ts) {
      const mx = mintOf(raw, x);
      const my = mintOf(raw, y);
      if (x === y || mx === null || my === null || mx === my) continue;
      const trader = owner(x.source);
      const pool = owner(x.destination);
      const receiver = owner(y.destination);
      // a receiving account absent from the token balances was opened and closed in the transaction (wrapped SOL)
      if (trader === null || trader === pool || (receiver !== null && receiver !== trader)) continue;
      if (owner(y.source) === trader) continue;
      out.push({
        mintIn: mx,
        amountIn: x.amount,
        vaultIn: x.destination,
        mintOut: my,
        amountOut: y.amount,
        vaultOut: y.source,
      });
    }
  return out;
}

describe("generic pools trade one pair each", () => {
  const txs = successfulTransactions();

  it("no pool address of a generic leg carries two token pairs", () => {
    const pairs = new Map<string, Map<string, string[]>>();
    let legs = 0;
    for (const { key, raw } of txs)
      for (const leg of decodeSolanaTransaction(raw, { fallbackAtMs: 0 }).genericLegs) {
        const pair = transferredPair(raw, leg.flatIndex);
        if (pair === "") continue;
        legs++;
        const byPair = pairs.get(leg.pool) ?? new Map<string, string[]>();
        byPair.set(pair, [...(byPair.get(pair) ?? []), key]);
        pairs.set(leg.pool, byPair);
      }
    expect(legs).toBeGreaterThan(40);
    const merged = [...pairs]
      .filter(([, byPair]) => byPair.size > 1)
      .map(([pool, byPair]) => [pool, [...byPair]]);
    expect(merged).toEqual([]);
  });

  const swaps: { key: string; raw: Raw; index: number; programId: string }[] = [];
  for (const { key, raw } of txs)
    flatInstructions(raw).forEach((ix, index) => {
      if (MULTI_ASSET_PROGRAMS[ix.programId] && subtreeTransfers(raw, index).length > 0)
        swaps.push({ key, raw, index, programId: ix.programId });
    });

  it("finds the fixtures' swaps through multi-asset stablecoin pools", () => {
    const keys = (name: string) =>
      swaps
        .filter((s) => MULTI_ASSET_PROGRAMS[s.programId] === name)
        .map((s) => s.key)
        .sort();
    expect(keys("Aquifer")).toEqual(["create_pool_raydium_v4_1", "swap_jupiter_dca_1"]);
    expect(keys("AlphaQ")).toEqual([
      "multi_swap_titan_alphaq_1",
      "swap_alphaq_1",
      "swap_exa6gyh_via_meteora_1",
      "swap_manifest_1",
      "swap_orca_v2_1",
      "swap_raydium_launchpad_via_jupiter_1",
    ]);
    expect(keys("Stabble Stable Swap")).toEqual(["swap_stabble_1", "swap_stabble_vault_1"]);
  });

  for (const s of swaps)
    it(`${s.key}: the ${MULTI_ASSET_PROGRAMS[s.programId]} leg is its own transfers, on a pool that is neither vault`, () => {
      const legs = decodeSolanaTransaction(s.raw, { fallbackAtMs: 0 }).genericLegs.filter(
        (l) => l.flatIndex === s.index,
      );
      expect(legs).toHaveLength(1);
      const leg = legs[0]!;
      const match = transferSwaps(s.raw, s.index).filter(
        (t) =>
          t.mintIn === leg.mintIn &&
          t.amountIn === leg.amountIn &&
          t.mintOut === leg.mintOut &&
          t.amountOut === leg.amountOut,
      );
      expect(match).toHaveLength(1);
      expect([match[0]!.vaultIn, match[0]!.vaultOut]).not.toContain(leg.pool);
    });

  it("one vault pair is one pool, whichever transaction and direction trades it; two pairs are two pools", () => {
    const poolOfVaults = new Map<string, Set<string>>();
    const vaultsOfPool = new Map<string, Set<string>>();
    for (const s of swaps) {
      const leg = decodeSolanaTransaction(s.raw, { fallbackAtMs: 0 }).genericLegs.find(
        (l) => l.flatIndex === s.index,
      )!;
      const t = transferSwaps(s.raw, s.index).find(
        (m) => m.mintIn === leg.mintIn && m.amountIn === leg.amountIn,
      )!;
      const vaults = [t.vaultIn, t.vaultOut].sort().join("/");
      poolOfVaults.set(vaults, (poolOfVaults.get(vaults) ?? new Set()).add(leg.pool));
      vaultsOfPool.set(leg.pool, (vaultsOfPool.get(leg.pool) ?? new Set()).add(vaults));
    }
    // the USDT/USDC and USD1/USDC pairs of AlphaQ are each traded in two transactions
    expect(poolOfVaults.size).toBeLessThan(swaps.length);
    for (const pools of poolOfVaults.values()) expect(pools.size).toBe(1);
    for (const vaults of vaultsOfPool.values()) expect(vaults.size).toBe(1);
  });
});
