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
 * token factory, which no published package ships), compiled from source with solc-js. The compiler takes seconds, so its output is
 * kept in the OS temp folder under the source's hash and reused by later processes.
 * @throws DevnetError `COMPILE_FAILED` when solc reports an error.
 */
export function compileDevnetContracts(): DevnetSolidityContracts {
  if (cached) return cached;
  const source = readFileSync(new URL(`./contracts/${SOURCE}`, import.meta.url), "utf8");
  const hash = createHash("sha256").update(solc.version()).update(source).digest("hex").slice(0, 16);
  const dir = join(tmpdir(), "tapeline-devnet-solc");
  const file = join(dir, `${hash}.json`);
  let out: SolcOutput;
  try {
    out = JSON.parse(readFileSync(file, "utf8")) as SolcOutput;
  } catch {
    const input = {
      language: "Solidity",
      sources: { [SOURCE]: { content: source } },
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
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(out));
    renameSync(`${file}.${process.pid}`, file);
  }
  const artifact = (name: string): ContractArtifact => {
    const c = out.contracts?.[SOURCE]?.[name];
    if (!c) throw new DevnetError("COMPILE_FAILED", `${name} missing from the compiler output`);
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` as Hex, source: `${SOURCE}:${name}` };
  };
  cached = {
    router: artifact("DevnetRouter"),
    feeOnTransferToken: artifact("FeeOnTransferToken"),
    tokenFactory: artifact("DevnetTokenFactory"),
  };
  return cached;
}
