import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPoolRows } from "../../../query/src/market/readPoolRows.ts";
import { toMarketDefinition } from "../../../query/src/market/toMarketDefinition.ts";
import { createFactoryRegistry, KNOWN_FACTORIES } from "../evm/factoryRegistry.ts";
import { SOLANA_VENUES } from "../solana/solanaVenues.ts";
import { writeBatch } from "../writer/writeBatch.ts";
import { evmVenueRows, solanaVenueRows } from "./venueRows.ts";
import { writeVenues } from "./writeVenues.ts";

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const CONFIGURED = {
  factory: "0x00000000000000000000000000000000000000f1",
  venueType: "UNISWAP_V2",
  exchangeName: "Devnet Swap",
  logoUrl: "https://cdn.example/devnet.png",
  feeBps: 30,
};
const UNI_V2 = KNOWN_FACTORIES["evm:1"]!.find((f) => f.exchangeName === "Uniswap V2")!;
const TOKEN = "0x00000000000000000000000000000000000000a1";
const WETH = "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2";

/** A stored pool of `factory` whose own record carries `exchangeName`. */
const pool = (address: string, factory: string, exchangeName: string | null) => ({
  chain: "evm:1" as const,
  address,
  venueType: "UNISWAP_V2" as const,
  factory,
  exchangeName,
  token0: TOKEN,
  token1: WETH,
  tokenAddress: TOKEN,
  quoteAddress: WETH,
});

describe("the venues registry", () => {
  it("holds every factory of the chain's registry and every Solana venue program", async () => {
    const registry = createFactoryRegistry("evm:1", [CONFIGURED]);
    await writeVenues(db.pool, evmVenueRows("evm:1", registry.all()));
    await writeVenues(db.pool, solanaVenueRows(SOLANA_VENUES));
    const { rows } = await db.pool.query<{ chain_id: string; factory: string; exchange_name: string }>(
      "select chain_id, factory, exchange_name, logo_url from venues order by chain_id, factory",
    );
    const want = [
      ...[...KNOWN_FACTORIES["evm:1"]!, CONFIGURED].map((f) => `evm:1|${f.factory}|${f.exchangeName}`),
      ...SOLANA_VENUES.map((v) => `solana|${v.programId}|${v.exchangeName}`),
    ].sort();
    expect(rows.map((r) => `${r.chain_id}|${r.factory}|${r.exchange_name}`).sort()).toEqual(want);
  });

  it("serves a market's exchange name and logo from its factory's venue, the registry's name first", async () => {
    await writeBatch(db.pool, {
      chain: "evm:1",
      blocks: [],
      trades: [],
      tokens: [],
      pools: [
        pool("0x00000000000000000000000000000000000000b1", CONFIGURED.factory, null),
        pool("0x00000000000000000000000000000000000000b2", UNI_V2.factory, "stale name"),
        pool(
          "0x00000000000000000000000000000000000000b3",
          "0x00000000000000000000000000000000000000f2",
          null,
        ),
      ],
    });
    const rows = await readPoolRows(db.pool, "evm:1", [
      "0x00000000000000000000000000000000000000b1",
      "0x00000000000000000000000000000000000000b2",
      "0x00000000000000000000000000000000000000b3",
    ]);
    const exchange = (a: string) => toMarketDefinition(rows.get(a)!).exchange;
    expect(exchange("0x00000000000000000000000000000000000000b1")).toEqual({
      name: "Devnet Swap",
      logo: "https://cdn.example/devnet.png",
    });
    expect(exchange("0x00000000000000000000000000000000000000b2")).toEqual({
      name: "Uniswap V2",
      logo: null,
    });
    // a factory no registry knows: its venue type is all there is to say
    expect(exchange("0x00000000000000000000000000000000000000b3")).toEqual({
      name: "UNISWAP_V2",
      logo: null,
    });
  });

  it("keeps a logo set by hand when the worker has none, and is idempotent", async () => {
    await db.pool.query("update venues set logo_url = 'https://cdn.example/uni.png' where factory = $1", [
      UNI_V2.factory,
    ]);
    await writeVenues(db.pool, evmVenueRows("evm:1", createFactoryRegistry("evm:1", [CONFIGURED]).all()));
    await writeVenues(db.pool, evmVenueRows("evm:1", createFactoryRegistry("evm:1", [CONFIGURED]).all()));
    const { rows } = await db.pool.query<{ logo_url: string | null; n: number }>(
      "select logo_url, (select count(*)::int from venues where chain_id = 'evm:1') as n from venues where factory = $1",
      [UNI_V2.factory],
    );
    expect(rows[0]).toEqual({
      logo_url: "https://cdn.example/uni.png",
      n: KNOWN_FACTORIES["evm:1"]!.length + 1,
    });
  });
});
