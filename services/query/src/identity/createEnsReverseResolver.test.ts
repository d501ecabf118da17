import { type Address, type Hex, labelhash, namehash, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileDevnetSource } from "../../../ingest/src/devnet/compileDevnetContracts.ts";
import { createDevnetClient } from "../../../ingest/src/devnet/createDevnetClient.ts";
import { type AnvilHandle, startAnvil } from "../../../ingest/src/devnet/startAnvil.ts";
import { createNodeRpc } from "../portfolio/createNodeRpc.ts";
import { createEnsReverseResolver } from "./createEnsReverseResolver.ts";

/**
 * ENS-style primary names on an anvil devnet: a registry, a resolver and reverse registrars for
 * `addr.reverse` (ENS) and `80002105.reverse` (Basenames' ENSIP-19 namespace), compiled from
 * `contracts/EnsTestNames.sol`. A reverse record is served only when its name's forward record is
 * the same wallet.
 */

let anvil: AnvilHandle;
let client: ReturnType<typeof createDevnetClient>;
let registry: Address;
let accounts: Address[];
const artifact = compileDevnetSource("EnsTestNames.sol");
const registryAbi = artifact("TestEnsRegistry").abi;
const resolverAbi = artifact("TestEnsResolver").abi;
const registrarAbi = artifact("TestReverseRegistrar").abi;
let registrars: Record<string, Address>;

async function deploy(name: string, args: unknown[]): Promise<Address> {
  const a = artifact(name);
  const hash = await client.deployContract({ abi: a.abi, bytecode: a.bytecode, args, chain: client.chain });
  const receipt = await client.waitForTransactionReceipt({ hash });
  return receipt.contractAddress as Address;
}

async function send(
  account: Address,
  address: Address,
  abi: typeof registryAbi,
  functionName: string,
  args: unknown[],
) {
  const hash = await client.writeContract({ account, address, abi, functionName, args, chain: client.chain });
  const receipt = await client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
}

/** Anvil's `eth_accounts` are unlocked: each test wallet sends its own reverse claim. */
const setReverseName = (wallet: Address, namespace: string, name: string) =>
  send(wallet, registrars[namespace] as Address, registrarAbi, "setName", [name]);

beforeAll(async () => {
  anvil = await startAnvil();
  client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  accounts = await client.getAddresses();
  const owner = accounts[0] as Address;
  registry = await deploy("TestEnsRegistry", []);
  const resolver = await deploy("TestEnsResolver", [registry]);
  const root = toHex(0, { size: 32 });
  const sub = (parent: Hex, label: string, to: Address) =>
    send(owner, registry, registryAbi, "setSubnodeOwner", [parent, labelhash(label), to]);
  await sub(root, "reverse", owner);
  registrars = {};
  for (const ns of ["addr", "80002105"]) {
    const node = namehash(`${ns}.reverse`);
    registrars[ns] = await deploy("TestReverseRegistrar", [registry, resolver, node]);
    await sub(namehash("reverse"), ns, registrars[ns] as Address);
  }
  // alice.eth and alice.base.eth point at accounts[1]; carol.eth has no forward record
  await sub(root, "eth", owner);
  for (const [parent, label] of [
    ["eth", "alice"],
    ["eth", "base"],
    ["base.eth", "alice"],
  ] as const)
    await sub(namehash(parent), label, owner);
  for (const name of ["alice.eth", "alice.base.eth"]) {
    await send(owner, registry, registryAbi, "setResolver", [namehash(name), resolver]);
    await send(owner, resolver, resolverAbi, "setAddr", [namehash(name), accounts[1]]);
  }
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

const resolverFor = (kind: "ens" | "basename", reverseSuffix: string) =>
  createEnsReverseResolver({ kind, node: createNodeRpc({ url: anvil.rpcUrl }), registry, reverseSuffix });

describe("createEnsReverseResolver", () => {
  it("serves a reverse record whose name's forward record is the wallet", async () => {
    const alice = accounts[1] as Address;
    await setReverseName(alice, "addr", "alice.eth");
    // the forward record the chain holds, read independently of the resolver under test
    const forward = await client.readContract({
      address: (await client.readContract({
        address: registry,
        abi: registryAbi,
        functionName: "resolver",
        args: [namehash("alice.eth")],
      })) as Address,
      abi: resolverAbi,
      functionName: "addr",
      args: [namehash("alice.eth")],
    });
    expect((forward as string).toLowerCase()).toBe(alice.toLowerCase());
    expect(await resolverFor("ens", "addr.reverse").nameOf(alice.toLowerCase())).toBe("alice.eth");
  });

  it("refuses a reverse record naming a name whose forward record is another wallet", async () => {
    const bob = accounts[2] as Address;
    await setReverseName(bob, "addr", "alice.eth");
    const reverseNode = namehash(`${bob.slice(2).toLowerCase()}.addr.reverse`);
    // the claim is on chain...
    const reverseResolver = (await client.readContract({
      address: registry,
      abi: registryAbi,
      functionName: "resolver",
      args: [reverseNode],
    })) as Address;
    expect(
      await client.readContract({
        address: reverseResolver,
        abi: resolverAbi,
        functionName: "name",
        args: [reverseNode],
      }),
    ).toBe("alice.eth");
    // ...and refused
    expect(await resolverFor("ens", "addr.reverse").nameOf(bob.toLowerCase())).toBeNull();
  });

  it("refuses a reverse record whose name has no forward record, and answers null without a reverse record", async () => {
    const carol = accounts[3] as Address;
    await setReverseName(carol, "addr", "carol.eth");
    expect(await resolverFor("ens", "addr.reverse").nameOf(carol.toLowerCase())).toBeNull();
    expect(
      await resolverFor("ens", "addr.reverse").nameOf((accounts[4] as Address).toLowerCase()),
    ).toBeNull();
  });

  it("reads Basenames' ENSIP-19 reverse namespace on its own", async () => {
    const alice = accounts[1] as Address;
    const basenames = resolverFor("basename", "80002105.reverse");
    // alice's ENS reverse record is not a Basenames primary name
    expect(await basenames.nameOf(alice.toLowerCase())).toBeNull();
    await setReverseName(alice, "80002105", "alice.base.eth");
    expect(await basenames.nameOf(alice.toLowerCase())).toBe("alice.base.eth");
  });

  it("throws when the node does not answer (so nothing is cached)", async () => {
    const down = createEnsReverseResolver({
      kind: "ens",
      node: createNodeRpc({ url: "http://127.0.0.1:9", timeoutMs: 300 }),
      registry,
      reverseSuffix: "addr.reverse",
    });
    await expect(down.nameOf((accounts[1] as Address).toLowerCase())).rejects.toThrow();
  });
});
