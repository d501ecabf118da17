import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import solc from "solc";
import type { Abi, Hex } from "viem";
import { DevnetError } from "./DevnetError.ts";
import type { ContractArtifact } from "./loadDevnetArtifacts.ts";

const SOURCE = "DevnetRouter.sol";

/** The contracts of `contracts/DevnetRouter.sol`. */
export type DevnetSolidityContracts = {
  router: ContractArtifact;
  feeOnTransferToken: ContractArtifact;
  tokenFactory: ContractArtifact;
};

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
};

let cached: DevnetSolidityContracts | null = null;

/**
 * The devnet's own contracts (a multi-hop router, a fee-on-transfer token and a launchpad-style
 * token factory, which no published package ships), compiled from source with solc-js.
 * @throws DevnetError `COMPILE_FAILED` when solc reports an error.
 */
export function compileDevnetContracts(): DevnetSolidityContracts {
  if (cached) return cached;
  const artifact = compileDevnetSource(SOURCE);
  cached = {
    router: artifact("DevnetRouter"),
    feeOnTransferToken: artifact("FeeOnTransferToken"),
    tokenFactory: artifact("DevnetTokenFactory"),
  };
  return cached;
}

/**
 * Compiles one Solidity file of `contracts/` with solc-js and answers its contracts by name. The
 * compiler takes seconds, so its output is kept in the OS temp folder under the source's hash
 * and reused by later processes.
 * @throws DevnetError `COMPILE_FAILED` when solc reports an error or a contract is missing.
 */
export function compileDevnetSource(file: string): (name: string) => ContractArtifact {
  const source = readFileSync(new URL(`./contracts/${file}`, import.meta.url), "utf8");
  const hash = createHash("sha256").update(solc.version()).update(source).digest("hex").slice(0, 16);
  const dir = join(tmpdir(), "tapeline-devnet-solc");
  const path = join(dir, `${hash}.json`);
  let out: SolcOutput;
  try {
    out = JSON.parse(readFileSync(path, "utf8")) as SolcOutput;
  } catch {
    const input = {
      language: "Solidity",
      sources: { [file]: { content: source } },
      settings: {
        optimizer: { enabled: true, runs: 200 },
        outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
      },
    };
    out = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
    const errors = (out.errors ?? []).filter((e) => e.severity === "error");
    if (errors.length > 0)
      throw new DevnetError("COMPILE_FAILED", errors.map((e) => e.formattedMessage).join("\n"));
    mkdirSync(dir, { recursive: true });
    // written aside then renamed, so a concurrent process never reads half a file
    writeFileSync(`${path}.${process.pid}`, JSON.stringify(out));
    renameSync(`${path}.${process.pid}`, path);
  }
  return (name) => {
    const c = out.contracts?.[file]?.[name];
    if (!c) throw new DevnetError("COMPILE_FAILED", `${name} missing from the compiler output`);
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` as Hex, source: `${file}:${name}` };
  };
}
