export * from "./createTestDatabase.ts";
export * from "./deleteRedisKeys.ts";
