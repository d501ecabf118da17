/**
 * Search over BENCH_TOKENS (default 1,000,000) tokens, each with one market, on three chains,
 * stored in a fresh PostgreSQL database: the query shard's `search` (in-memory text index built
 * by the real loader, address matches and the served rows read from Postgres) against one
 * PostgreSQL statement over pg_trgm GIN indexes ranking the same tiers. Prints the index build
 * time and heap, then p50/p99 per keyword and overall for each, one query at a time.
 *
 *   npx tsx bench/search.bench.ts
 */
import { createTestDatabase } from "@tapeline/core/testing";
import { createSearchQueries } from "../services/query/src/search/createSearchQueries.ts";
import { createTextIndex, type TextIndex } from "../services/query/src/search/createTextIndex.ts";
import { loadTextDocs } from "../services/query/src/search/loadTextDocs.ts";

const TOKENS = Number(process.env.BENCH_TOKENS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const SQL_ROUNDS = Number(process.env.BENCH_SQL_ROUNDS ?? 3);

const WORDS = [
  "pepe",
  "doge",
  "moon",
  "baby",
  "cat",
  "inu",
  "sol",
  "based",
  "trump",
  "ai",
  "frog",
  "shib",
  "elon",
  "rocket",
  "safe",
  "gold",
  "king",
  "wojak",
  "chad",
  "bonk",
  "floki",
  "mars",
  "degen",
  "turbo",
  "giga",
  "nova",
  "pump",
  "alpha",
  "beta",
  "ape",
  "bear",
  "bull",
  "dragon",
  "tiger",
  "pixel",
  "quant",
  "zen",
  "orbit",
  "meme",
  "coin",
];
const evm = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] as number;
const fmt = (xs: number[]) => `p50 ${pct(xs, 0.5).toFixed(2)} ms  p99 ${pct(xs, 0.99).toFixed(2)} ms`;

const db = await createTestDatabase();
try {
  const t0 = performance.now();
  const now = Date.now();
  const minute = Math.floor(now / 60_000) * 60_000;
  await db.pool.query(
    `insert into chains (chain_id, name, slug, family, native_symbol, native_decimals, created_at) values
       ('evm:1', 'Ethereum', 'ethereum', 'evm', 'ETH', 18, $1), ('evm:8453', 'Base', 'base', 'evm', 'ETH', 18, $1),
       ('solana', 'Solana', 'solana', 'solana', 'SOL', 9, $1)`,
    [now],
  );
  await db.pool.query(
    `insert into native_prices (chain_id, minute, price_usd, source) values
       ('evm:1', $1, 3000, 'bench'), ('evm:8453', $1, 3000, 'bench'), ('solana', $1, 150, 'bench')`,
    [minute],
  );
  // Token i: chain by i % 3, symbol a word plus a number for two thirds of them, name two words
  // plus a number; one market each, whose address is the token's plus 2^100 (EVM) or a suffix.
  await db.pool.query(
    `insert into tokens (chain_id, address, name, symbol, decimals, created_at, best_pool, updated_at)
     select c.chain, c.token, c.name, c.symbol, 18, $3::bigint - i * 1000, c.pool, $3
     from generate_series(1, $1::int) as i,
     lateral (select
        (array['evm:1', 'evm:8453', 'solana'])[1 + i % 3] as chain,
        case when i % 3 = 2 then 'So1' || md5(i::text) else '0x' || lpad(to_hex(i), 40, '0') end as token,
        case when i % 3 = 2 then 'Po1' || md5(i::text) else '0x1' || lpad(to_hex(i), 39, '0') end as pool,
        upper(($2::text[])[1 + i % 40]) || case when i % 3 = 0 then '' else (i % 997)::text end as symbol,
        initcap(($2::text[])[1 + (i * 7) % 40] || ' ' || ($2::text[])[1 + (i * 13) % 37]) || ' ' || (i % 50)::text as name
     ) c`,
    [TOKENS, WORDS, now],
  );
  await db.pool.query(
    `insert into pools (market, chain_id, address, venue_type, token0, token1, token_address, quote_address,
       price_native, liquidity_native, created_at, last_trade_at, updated_at)
     select t.chain_id || '/' || t.best_pool, t.chain_id, t.best_pool, 'UNISWAP_V2', t.address, 'q', t.address, 'q',
       0.000001 * (1 + abs(hashtext(t.address)) % 1000), abs(hashtext(t.best_pool)) % 100000 / 100.0, t.created_at, $1, $1
     from tokens t`,
    [now],
  );
  await db.pool.query("analyze");
  console.log(`loaded ${TOKENS} tokens and markets in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const keywords = [
    "p",
    "pe",
    "pepe",
    "doge",
    "baby pepe",
    "moon42",
    "zen",
    "tig",
    "qqqq",
    evm(3 * Math.floor(TOKENS / 6)),
  ];
  const report = (title: string, per: Map<string, number[]>) => {
    console.log(title);
    for (const [k, xs] of per) console.log(`  ${JSON.stringify(k).padEnd(46)} ${fmt(xs)}`);
    console.log(`  ${"all".padEnd(46)} ${fmt([...per.values()].flat())}`);
  };

  // The query shard first: the standalone index below leaves hundreds of MB of garbage whose
  // collection would otherwise land in the shard's timings.
  const search = createSearchQueries({ db: db.pool, refreshMs: 3_600_000 });
  const b0 = performance.now();
  await search.refresh();
  console.log(
    `\nquery shard search: index built in ${((performance.now() - b0) / 1000).toFixed(1)} s (read and index)`,
  );
  const perKeyword = new Map<string, number[]>(keywords.map((k) => [k, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const k of keywords) {
      const s = performance.now();
      const res = await search.search({ q: k, chains: null, sortBy: "relevance", order: "desc", limit: 20 });
      const ms = performance.now() - s;
      if (r === 0 && res.data.length === 0 && k !== "qqqq") throw new Error(`no match for ${k}`);
      perKeyword.get(k)?.push(ms);
    }
  }
  search.close();
  report(
    `query shard search (address reads, index, rows read from Postgres), limit 20, ${ROUNDS} rounds`,
    perKeyword,
  );

  // The index alone: what a text lookup costs in the query shard's process.
  {
    const l0 = performance.now();
    const docs = await loadTextDocs(db.pool, Date.now());
    const l1 = performance.now();
    const heapBefore = process.memoryUsage().heapUsed;
    let index: TextIndex | null = createTextIndex(docs);
    const l2 = performance.now();
    console.log(
      `text index: read ${docs.length} tokens in ${((l1 - l0) / 1000).toFixed(1)} s, indexed in ${((l2 - l1) / 1000).toFixed(1)} s, heap +${(
        (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20
      ).toFixed(0)} MB (documents held apart)`,
    );
    const per = new Map<string, number[]>(keywords.map((k) => [k, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const k of keywords) {
        const s = performance.now();
        index.search({ text: k, chains: null, sortBy: "relevance", order: "desc", limit: 20 });
        per.get(k)?.push(performance.now() - s);
      }
    }
    report(`\ntext index lookup alone, limit 20, ${ROUNDS} rounds of ${keywords.length} keywords`, per);
    index = null;
  }

  const i0 = performance.now();
  await db.pool.query("create extension if not exists pg_trgm");
  await db.pool.query(
    "create index bench_tokens_symbol_trgm on tokens using gin (lower(symbol) gin_trgm_ops)",
  );
  await db.pool.query("create index bench_tokens_name_trgm on tokens using gin (lower(name) gin_trgm_ops)");
  await db.pool.query("analyze tokens");
  console.log(`\npg_trgm: two GIN indexes built in ${((performance.now() - i0) / 1000).toFixed(1)} s`);
  const sqlPer = new Map<string, number[]>(keywords.map((k) => [k, []]));
  for (let r = 0; r < SQL_ROUNDS; r++) {
    for (const k of keywords) {
      const s = performance.now();
      await db.pool.query(
        `select t.chain_id, t.address from tokens t
         left join pools p on p.market = t.chain_id || '/' || t.best_pool
         where t.address = $1 or lower(t.symbol) like $1 || '%' or lower(t.name) like $1 || '%'
            or lower(t.name) like '% ' || $1 || '%'
         order by case when t.address = $1 then 0 when lower(t.symbol) = $1 then 1 when lower(t.name) = $1 then 2
                       when lower(t.symbol) like $1 || '%' then 3 when lower(t.name) like $1 || '%' then 4 else 5 end,
                  p.liquidity_native desc nulls last
         limit 20`,
        [k],
      );
      const ms = performance.now() - s;
      sqlPer.get(k)?.push(ms);
    }
  }
  report(`pg_trgm statement, limit 20, ${SQL_ROUNDS} rounds of ${keywords.length} keywords`, sqlPer);
} finally {
  await db.drop();
}
