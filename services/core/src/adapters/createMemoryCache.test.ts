import { cacheContract } from "./cacheContract.ts";
import { createMemoryCache } from "./createMemoryCache.ts";

cacheContract("memory", () => createMemoryCache({ sweepMs: 50 }));
