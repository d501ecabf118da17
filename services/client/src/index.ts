export type { components, operations, paths } from "./apiTypes.ts";
export * from "./createRestClient.ts";
export * from "./createStreamClient.ts";
export * from "./createTapelineClient.ts";
export * from "./streamTypes.ts";
export * from "./TapelineApiError.ts";
