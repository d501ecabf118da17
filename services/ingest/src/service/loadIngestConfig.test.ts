import { describe, expect, it } from "vitest";
import { KNOWN_FACTORIES } from "../evm/factoryRegistry.ts";
import { createSolanaProgramRegistry } from "../solana/programs/createSolanaProgramRegistry.ts";
import { KNOWN_EVM_CHAINS } from "./knownEvmChains.ts";
import { loadIngestConfig } from "./loadIngestConfig.ts";
import { buildEvmChainConfig } from "./startEvmLiveIngest.ts";

// What operator/src/chain/desiredIngestDeployment.ts sets for a Base Chain with two endpoints.
const base = {
  CHAIN_ID: "evm:8453",
  CHAIN_NAME: "base",
  FINALITY_DEPTH: "64",
  VENUES: "UNISWAP_V2,UNISWAP_V3",
  START_BLOCK: "20000000",
  RPC_URL_COUNT: "2",
  RPC_URL_0: "https://a.example",
  RPC_URL_1: "https://b.example",
  RPC_WS_URL: "wss://a.example",
  DATABASE_URL: "postgres://db/tapeline",
  REDIS_URL: "redis://redis:6379",
  PORT: "8080",
};

describe("loadIngestConfig", () => {
  it("reads the operator's variables and fills a known chain's defaults", () => {
    const c = loadIngestConfig(base);
    expect(c).toMatchObject({
      chain: "evm:8453",
      chainName: "base",
      finalityDepth: 64,
      venues: ["UNISWAP_V2", "UNISWAP_V3"],
      startBlock: 20_000_000n,
      rpcUrls: ["https://a.example", "https://b.example"],
      bus: { kind: "redis", url: "redis://redis:6379", prefix: "tl:bus:" },
      port: 8080,
    });
    const known = KNOWN_EVM_CHAINS[8453]!;
    expect(c.evm).toMatchObject({ wrappedNative: known.wrappedNative, opStack: true, factories: [] });
    const cfg = buildEvmChainConfig(c as Parameters<typeof buildEvmChainConfig>[0], 5n);
    // the WebSocket rides on the first endpoint; the built-in factories of the chain stay the registry's
    expect(cfg.endpoints).toEqual([
      { url: "https://a.example", wsUrl: "wss://a.example" },
      { url: "https://b.example" },
    ]);
    expect(cfg.enabledVenues).toEqual(["UNISWAP_V2", "UNISWAP_V3"]);
    expect(KNOWN_FACTORIES["evm:8453"]?.length).toBeGreaterThan(0);
  });

  it("has every built-in chain's addresses lowercase and distinct from its stablecoins", () => {
    for (const [id, k] of Object.entries(KNOWN_EVM_CHAINS)) {
      for (const a of [k.wrappedNative, ...k.stablecoins]) expect(a, id).toMatch(/^0x[0-9a-f]{40}$/);
      expect(k.stablecoins, id).not.toContain(k.wrappedNative);
    }
  });

  it("takes BUS=memory without Redis, and Solana without EVM settings", () => {
    const c = loadIngestConfig({
      ...base,
      CHAIN_ID: "solana",
      VENUES: "PUMPSWAP",
      BUS: "memory",
      REDIS_URL: "",
    });
    expect(c.bus).toEqual({ kind: "memory" });
    expect(c.evm).toBeNull();
    expect(c.solanaPrograms).toEqual([]);
  });

  it("names further Solana programs from SOLANA_PROGRAMS, over the built-in registry", () => {
    const solana = { ...base, CHAIN_ID: "solana", VENUES: "PUMPSWAP" };
    const c = loadIngestConfig({
      ...solana,
      SOLANA_PROGRAMS: JSON.stringify([
        {
          programId: "MNFSTqtC93rEfYHB6hF82sKdZpUDFWkViLByLd1k1Ms",
          kind: "venue",
          type: "MANIFEST",
          name: "Manifest",
        },
        {
          programId: "SoLFiHG9TfgtdUXUjWAxi3LtvYuFyDLVhBWxdMZxyCe",
          kind: "venue",
          type: "SOLFI",
          name: "SolFi v1",
        },
      ]),
    });
    const programs = createSolanaProgramRegistry(c.solanaPrograms);
    expect(programs.get("MNFSTqtC93rEfYHB6hF82sKdZpUDFWkViLByLd1k1Ms")).toMatchObject({
      type: "MANIFEST",
      source: "configuration",
    });
    // a configured entry replaces the built-in one of the same program
    expect(programs.get("SoLFiHG9TfgtdUXUjWAxi3LtvYuFyDLVhBWxdMZxyCe")?.name).toBe("SolFi v1");
    expect(programs.isRouter("JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4")).toBe(true);

    let problems: string[] = [];
    try {
      loadIngestConfig({
        ...solana,
        SOLANA_PROGRAMS:
          '[{"programId":"0xnope","kind":"venue","type":"X","name":"x"},{"programId":"MNFSTqtC93rEfYHB6hF82sKdZpUDFWkViLByLd1k1Ms","kind":"pool","type":"X","name":"x"},{"programId":"MNFSTqtC93rEfYHB6hF82sKdZpUDFWkViLByLd1k1Ms","kind":"venue","type":"X","name":"x","orderBook":{"market":2,"vaults":[6]}}]',
      });
    } catch (err) {
      problems = (err as { problems: string[] }).problems;
    }
    expect(problems).toEqual([
      "SOLANA_PROGRAMS[0].programId must be a base58 program id",
      "SOLANA_PROGRAMS[1].kind must be venue or router",
      "SOLANA_PROGRAMS[2].orderBook must be { market, vaults: [base, quote] } account positions",
    ]);
  });

  it("lists every problem at once", () => {
    let problems: string[] = [];
    try {
      loadIngestConfig({
        CHAIN_ID: "evm:999999",
        VENUES: "UNISWAP_V2,RAYDIUM_CLMM",
        RPC_URL_0: "https://a.example",
        START_BLOCK: "-1",
        STABLECOINS: "0x12",
        EXTRA_FACTORIES:
          '[{"factory":"0x0000000000000000000000000000000000000001","venueType":"NOPE","exchangeName":"x"}]',
      });
    } catch (err) {
      problems = (err as { problems: string[] }).problems;
    }
    expect(problems).toEqual([
      "CHAIN_NAME is required",
      expect.stringMatching(/^VENUES: no evm:999999 decoder for RAYDIUM_CLMM/),
      'START_BLOCK must be a block number, got "-1"',
      "RPC_URL_COUNT is required (with RPC_URL_0 … RPC_URL_<count-1>)",
      "DATABASE_URL is required",
      "REDIS_URL is required",
      "WRAPPED_NATIVE is required: evm:999999 is not a chain with built-in defaults",
      'STABLECOINS[0] must be a 0x address, got "0x12"',
      expect.stringMatching(/^EXTRA_FACTORIES\[0\]\.venueType must be one of/),
    ]);
  });

  it("takes a configured factory's logo only as an https URL", () => {
    const factory = (logoUrl: unknown) =>
      JSON.stringify([
        {
          factory: "0x0000000000000000000000000000000000000001",
          venueType: "UNISWAP_V2",
          exchangeName: "X",
          logoUrl,
        },
      ]);
    const ok = loadIngestConfig({ ...base, EXTRA_FACTORIES: factory("https://cdn.example/x.png") });
    expect(ok.evm?.factories[0]?.logoUrl).toBe("https://cdn.example/x.png");
    for (const bad of ["http://cdn.example/x.png", "javascript:alert(1)", "x.png", 5]) {
      expect(() => loadIngestConfig({ ...base, EXTRA_FACTORIES: factory(bad) })).toThrow(
        /EXTRA_FACTORIES\[0\]\.logoUrl must be an https URL or null/,
      );
    }
  });
});
