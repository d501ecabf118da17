/**
 * `POST /v1/token/security` with 100 tokens whose facts are cached: BENCH_TOKENS tokens (default
 * 10,000) with stored facts in `token_security`, batches of 100 distinct random tokens sent over
 * HTTP to the API (in-process shard, open gate), one at a time, BENCH_RUNS times (default 200,
 * after 10 warm-up batches). Two cache states: `table` (the memory cache off, every token read
 * from PostgreSQL) and `memory` (facts kept in the shard's memory). Prints p50 / p99 / max in ms
 * per state with the load average. Env: BENCH_TOKENS, BENCH_RUNS.
 */
import { loadavg } from "node:os";
import type { ChainId, TokenSecurity } from "@tapeline/core";
import { createTestDatabase } from "@tapeline/core/testing";
import { tokenFactsEndpoints } from "../services/api/src/endpoints/tokenFacts/endpoints.ts";
import { createSecurityProvider } from "../services/query/src/security/provider.ts";
import { serveApi } from "../test/api/serveApi.ts";

const TOKENS = Number(process.env.BENCH_TOKENS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const CHAIN: ChainId = "evm:8453";
const token = (i: number) => `0x${(i + 1).toString(16).padStart(40, "0")}`;
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/** Facts of the size a real token has (owner, simulation, LP figures, launch counts). */
const facts = (address: string): TokenSecurity => ({
  chain: CHAIN,
  address,
  isMintable: false,
  mintAuthority: null,
  isFreezable: null,
  freezeAuthority: null,
  tokenProgram: null,
  token2022: null,
  owner: "0x0000000000000000000000000000000000000000",
  ownershipRenounced: true,
  hasPauseFunction: false,
  hasBlacklistFunction: false,
  isProxy: false,
  proxyImplementation: null,
  proxyAdmin: null,
  simulation: {
    outcome: "ok",
    pool: `0x${"ab".repeat(20)}`,
    amountIn: "50000000000000000",
    buyTaxPct: 4.999999,
    sellTaxPct: 4.999999,
    isHoneypot: false,
  },
  lpBurnedPct: 99.99,
  lpLockedPct: null,
  lpPool: `0x${"ab".repeat(20)}`,
  top10HolderPct: null,
  sniperWallets: 3,
  bundlerWallets: 0,
  snipersHoldPct: null,
  bundlersHoldPct: null,
  dexPaid: null,
  checkedAt: Date.now(),
});

const db = await createTestDatabase();
try {
  const rows = Array.from({ length: TOKENS }, (_, i) => facts(token(i)));
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await db.pool.query(
      `insert into token_security (token_key, chain_id, address, facts, checked_at)
       select $1 || '/' || (f->>'address'), $1, f->>'address', f, (f->>'checkedAt')::bigint
       from jsonb_array_elements($2::jsonb) f`,
      [CHAIN, JSON.stringify(chunk)],
    );
  }
  await db.pool.query("analyze token_security");
  let seed = 12345;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const batch = () => {
    const picked = new Set<number>();
    while (picked.size < 100) picked.add(Math.floor(rnd() * TOKENS));
    return JSON.stringify({ items: [...picked].map((i) => ({ chain: CHAIN, address: token(i) })) });
  };
  for (const [state, memoryTtlMs] of [
    ["table", 0],
    ["memory", 3_600_000],
  ] as const) {
    const api = await serveApi({
      pool: db.pool,
      name: "bench-security",
      providers: [createSecurityProvider({ nodes: new Map(), memoryTtlMs, ttlMs: 3_600_000 })],
      endpoints: [tokenFactsEndpoints],
    });
    const send = async (body: string) => {
      const res = await fetch(`${api.url}/v1/token/security`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      const json = (await res.json()) as { data: { data?: unknown }[] };
      if (res.status !== 200 || json.data.some((s) => !s.data))
        throw new Error(`batch failed: ${res.status}`);
    };
    if (state === "memory")
      for (let i = 0; i < TOKENS; i += 100)
        await send(
          JSON.stringify({
            items: Array.from({ length: Math.min(100, TOKENS - i) }, (_, k) => ({
              chain: CHAIN,
              address: token(i + k),
            })),
          }),
        );
    for (let i = 0; i < 10; i++) await send(batch());
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const body = batch();
      const t0 = performance.now();
      await send(body);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `security batch of 100 (${state}, ${TOKENS} tokens, ${RUNS} runs): p50 ${pct(times, 0.5).toFixed(1)} ms, p99 ${pct(times, 0.99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms; load average ${loadavg()[0]!.toFixed(1)}`,
    );
    await api.close();
  }
} finally {
  await db.drop();
}
