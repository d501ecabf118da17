export * from "../net/freePort.ts";
export * from "./createTestDatabase.ts";
export * from "./deleteRedisKeys.ts";
export * from "./findCitus.ts";
export * from "./seededInts.ts";
export * from "./startCitusCluster.ts";
