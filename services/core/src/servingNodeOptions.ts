/**
 * The node options the API and query processes run with (the Dockerfile's `api` and `query`
 * stages set them as NODE_OPTIONS; the cluster scripts and the read benches start those processes
 * with them too). A page answer is a few hundred kilobytes of short-lived strings, a wallet batch
 * megabytes: with V8's default young generation (16 MB semi-spaces) a scavenge came every
 * request or two and copied the pages in flight, about a third of the API's CPU. 64 MB semi-spaces
 * let most of it die young: `bench/walletSwaps.bench.ts`, API CPU a request 1.33 -> 0.87 ms (GET,
 * first page) and 17.6 -> 15.2 ms (POST, 20 wallets), POST p99 43 -> 29 ms. The ingest writer
 * gained nothing from it (`bench/evmWrite.bench.ts`) and keeps the default.
 */
export const SERVING_NODE_OPTIONS = "--max-semi-space-size=64";
