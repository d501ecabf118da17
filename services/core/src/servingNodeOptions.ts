/**
 * The node options the query processes run with, and the API when it answers from its own
 * queries (the dev stack, the read benches): the Dockerfile's `query` stage sets them as
 * NODE_OPTIONS, and the cluster scripts and the read benches start those processes with them.
 * A page answer is a few hundred kilobytes of short-lived strings, a wallet batch
 * megabytes: with V8's default young generation (16 MB semi-spaces) a scavenge came every
 * request or two and copied the pages in flight, about a third of the API's CPU. 64 MB semi-spaces
 * let most of it die young: `bench/walletSwaps.bench.ts`, API CPU a request 1.33 -> 0.87 ms (GET,
 * first page) and 17.6 -> 15.2 ms (POST, 20 wallets), POST p99 43 -> 29 ms. The ingest writer
 * gained nothing from it (`bench/evmWrite.bench.ts`) and keeps the default.
 */
export const SERVING_NODE_OPTIONS = "--max-semi-space-size=64";

/**
 * The node options of the router (the Dockerfile's `api` stage; the cluster scripts start the
 * router with them). The router builds no page: shards' pages and slots pass through it as bytes.
 * With 64 MB semi-spaces its scavenges took 4.6 ms at the median and 9.6 ms at p90 and made much
 * of the tail of its answers. `bench/poolBatch.bench.ts` under wrk, one connection, p99 over seven
 * runs at 8 MB: 6.4-20.6 ms, median 14.4 (four under 15); over six at 64 MB: 15.0-20.4 ms, median
 * 17.6 (none under 15); the router's CPU a call about 8% higher at 8 MB in the runs alternated
 * side by side. `bench/clusterToken.bench.ts`: p99 24.2 / 24.1 ms at 8 MB against 28.9 / 32.4 ms,
 * the same router CPU a request.
 */
export const ROUTER_NODE_OPTIONS = "--max-semi-space-size=8";
