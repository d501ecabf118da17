export * from "./createTestDatabase.ts";
export * from "./deleteRedisKeys.ts";
export * from "../net/freePort.ts";
