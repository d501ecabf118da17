import pino from "pino";
import { createMemoryQueue } from "./createMemoryQueue.ts";
import { queueContract } from "./queueContract.ts";

queueContract("memory", () => createMemoryQueue({ logger: pino({ level: "silent" }) }));
