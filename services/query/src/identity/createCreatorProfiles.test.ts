import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeRpc } from "../portfolio/createNodeRpc.ts";
import { createCreatorProfiles } from "./createCreatorProfiles.ts";
import { createEnsReverseResolver, ENS_MAINNET } from "./createEnsReverseResolver.ts";
import { createJsonIdentitySource } from "./createJsonIdentitySource.ts";
import { createProfileQueries } from "./createProfileQueries.ts";

/**
 * Creator profiles never hold a page up: with an ENS node that accepts connections and never
 * answers, the first lookup is served as unknown within the wait, and once the node's timeout
 * passes the profile (from the identity file) is kept and served at once.
 */

const WALLET = "0x00000000000000000000000000000000000000c1";
let db: TestDatabase;
let stalled: Server;
const sockets: Socket[] = [];
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  stalled = createServer((s) => void sockets.push(s));
  await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve));
  dir = mkdtempSync(join(tmpdir(), "creator-profiles-"));
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => stalled?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
  await db?.drop();
});

describe("createCreatorProfiles", () => {
  it("serves a lookup still running as unknown within the wait, then the profile from the cache", async () => {
    const file = join(dir, "identity.json");
    writeFileSync(
      file,
      JSON.stringify({
        records: [{ network: "twitter", handle: "maker", displayName: "Maker", wallets: [WALLET] }],
      }),
    );
    const port = (stalled.address() as { port: number }).port;
    const ens = createEnsReverseResolver({
      kind: "ens",
      node: createNodeRpc({ url: `http://127.0.0.1:${port}`, timeoutMs: 600 }),
      ...ENS_MAINNET,
    });
    const profiles = createProfileQueries({
      db: db.pool,
      resolvers: [ens],
      sources: [createJsonIdentitySource(file)],
    });
    const lookup = createCreatorProfiles({ profiles, waitMs: 50 });

    // the node cannot have answered within the wait: nothing is known yet
    expect((await lookup([WALLET, WALLET])).size).toBe(0);

    // once the node's timeout has passed, the profile read without the ENS name is kept
    let second = await lookup([WALLET]);
    for (let i = 0; i < 100 && second.size === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      second = await lookup([WALLET]);
    }
    expect(second.get(WALLET)).toEqual({ displayName: "Maker", avatarUrl: null, ensName: null });
    expect(sockets.length).toBeGreaterThan(0);
  });
});
