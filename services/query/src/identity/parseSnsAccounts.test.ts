import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeRpc } from "../portfolio/createNodeRpc.ts";
import {
  createSnsResolver,
  favouriteDomainAddress,
  reverseLookupAddress,
  SNS_REVERSE_LOOKUP_CLASS,
  SNS_SOL_ROOT,
} from "./createSnsResolver.ts";
import { parseFavouriteDomain, parseNameRegistry, parseReverseName } from "./parseSnsAccounts.ts";
import { serveSolanaAccounts } from "./testing/serveSolanaAccounts.ts";
import { favouriteDomainData, nameRegistryData, reverseNameData } from "./testing/snsAccounts.ts";

/**
 * SNS favourite domains: the account layouts parsed from data built here from the programs'
 * layouts, then the resolver over a local node serving such accounts (no network).
 */

const key = () => Keypair.generate().publicKey.toBase58();
const SYSTEM = "11111111111111111111111111111111";

describe("SNS account parsers", () => {
  it("reads the favourite domain's name account", () => {
    const nameAccount = key();
    expect(parseFavouriteDomain(favouriteDomainData(nameAccount))).toBe(nameAccount);
    expect(parseFavouriteDomain(favouriteDomainData(nameAccount).subarray(0, 32))).toBeNull();
  });

  it("splits a name registry into header and data", () => {
    const [parent, owner] = [key(), key()];
    const data = nameRegistryData(parent, owner, SYSTEM, Buffer.from([7, 8, 9]));
    const r = parseNameRegistry(data);
    expect(r).toMatchObject({ parentName: parent, owner, nameClass: SYSTEM });
    expect([...(r?.data ?? [])]).toEqual([7, 8, 9]);
    expect(parseNameRegistry(data.subarray(0, 95))).toBeNull();
  });

  it("reads a reverse name and refuses a length past the data or invalid UTF-8", () => {
    expect(parseReverseName(reverseNameData("bonfida"))).toBe("bonfida");
    expect(parseReverseName(reverseNameData("日本"))).toBe("日本");
    expect(parseReverseName(reverseNameData("bonfida").subarray(0, 6))).toBeNull();
    expect(parseReverseName(Buffer.from([2, 0, 0, 0, 0xff, 0xfe]))).toBeNull();
    expect(parseReverseName(Buffer.from([0, 0, 0, 0]))).toBeNull();
  });
});

describe("createSnsResolver", () => {
  const owner = key();
  const seller = key();
  const stale = key();
  const child = key();
  const accounts = new Map<string, Buffer>();
  let node: Awaited<ReturnType<typeof serveSolanaAccounts>>;

  /** A `.sol` domain owned by `holder`, its reverse record, and `wallet`'s favourite pointing at it. */
  function domain(wallet: string, holder: string, name: string, parent = SNS_SOL_ROOT) {
    const nameAccount = key();
    accounts.set(nameAccount, nameRegistryData(parent, holder, SYSTEM));
    accounts.set(
      reverseLookupAddress(nameAccount),
      nameRegistryData(SYSTEM, SYSTEM, SNS_REVERSE_LOOKUP_CLASS.toBase58(), reverseNameData(name)),
    );
    accounts.set(favouriteDomainAddress(wallet), favouriteDomainData(nameAccount));
  }

  beforeAll(async () => {
    domain(owner, owner, "bonfida");
    // the favourite of a wallet that sold the domain since
    domain(stale, seller, "sold");
    // a favourite that is not a .sol domain
    domain(child, child, "sub", key());
    node = await serveSolanaAccounts(accounts);
  });
  afterAll(async () => {
    await node?.close();
  });

  it("serves the favourite domain the wallet owns", async () => {
    expect(await createSnsResolver(createNodeRpc({ url: node.url })).nameOf(owner)).toBe("bonfida.sol");
  });

  it("refuses a favourite the wallet no longer owns, one outside .sol, and answers null without one", async () => {
    const sns = createSnsResolver(createNodeRpc({ url: node.url }));
    expect(await sns.nameOf(stale)).toBeNull();
    expect(await sns.nameOf(child)).toBeNull();
    expect(await sns.nameOf(key())).toBeNull();
  });
});
