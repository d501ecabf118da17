// Generated from crds/*.yaml by operator/scripts/generateCrdTypes.ts. Do not edit by hand.
import type { V1ObjectMeta } from "@kubernetes/client-node";

/** API version of Chain. */
export const CHAIN_API_VERSION = "tapeline.dev/v1alpha1" as const;
/** Resource (plural) name of Chain. */
export const CHAIN_PLURAL = "chains" as const;

/** What to index and how. */
export type ChainSpec = {
  /** Chain id as served by the API, evm:<EIP-155 id> or solana. Immutable. */
  chainId: string;
  /** RPC endpoints, each read from a Secret key so that URLs with credentials stay out of the resource. */
  rpc: {
    /** JSON-RPC HTTP endpoints, tried in order. */
    endpoints: {
      /** The Secret key holding the endpoint URL. */
      secretKeyRef: {
        /** Secret name, in the Chain's namespace. */
        name: string;
        /** Key inside the Secret. */
        key: string;
      };
    }[];
    /** Optional subscription endpoint (WebSocket) for new heads. */
    websocket?: {
      /** The Secret key holding the endpoint URL. */
      secretKeyRef: {
        name: string;
        key: string;
      };
    };
  };
  /** First block (slot on Solana) to index. Changing it enqueues a backfill from the new value. */
  startBlock?: number;
  /** Blocks behind the head after which a block is final; reorgs are handled within this depth. */
  finalityDepth?: number;
  /** Venue type identifiers to decode (upper snake case, e.g. UNISWAP_V3). */
  venues: string[];
  /** How history before the live head is filled. Omitted, no history is backfilled. */
  backfill?: {
    /** None leaves history alone; FromStartBlock fills from startBlock up to where live ingest began. */
    mode?: "None" | "FromStartBlock";
    /** Size of the block range of one backfill job. */
    blocksPerJob?: number;
  };
  /** Compute resources of the ingest container. */
  resources?: {
    requests?: Record<string, number | string>;
    limits?: Record<string, number | string>;
  };
};

/** What the operator observed. */
export type ChainStatus = {
  /** The metadata.generation this status describes. */
  observedGeneration?: number;
  /** The chain head the worker last saw. */
  head?: number;
  /** The last block written with its checkpoint. */
  indexedBlock?: number;
  /** head - indexedBlock. */
  lag?: number;
  /** The last backfill the operator enqueued. */
  backfill?: {
    startBlock?: number;
    mode?: string;
    blocksPerJob?: number;
    /** Idempotency id of the enqueued job. */
    jobId?: string;
    /** Queue state of the job (waiting, active, completed, failed, delayed, unknown). */
    state?: string;
  };
  /** Ready, Ingesting, Backfilling and Degraded. */
  conditions?: {
    type: string;
    status: "True" | "False" | "Unknown";
    observedGeneration?: number;
    lastTransitionTime: string;
    reason: string;
    message: string;
  }[];
};

/** A chain to index. */
export type Chain = {
  apiVersion: typeof CHAIN_API_VERSION;
  kind: "Chain";
  metadata: V1ObjectMeta;
  spec: ChainSpec;
  status?: ChainStatus;
};

/** API version of ShardSet. */
export const SHARD_SET_API_VERSION = "tapeline.dev/v1alpha1" as const;
/** Resource (plural) name of ShardSet. */
export const SHARD_SET_PLURAL = "shardsets" as const;

/** How many shards and how each one runs. */
export type ShardSetSpec = {
  /** Number of shards. Scaling moves only the partitions that change owner (consistent hashing). */
  replicas: number;
  /** Number of virtual partitions keys hash into. Immutable, since changing it would move every key. */
  partitions?: number;
  /** Pods of each shard's Deployment; more than one gives each shard a standby. */
  podsPerShard?: number;
  /** Compute resources of each query container. */
  resources?: {
    requests?: Record<string, number | string>;
    limits?: Record<string, number | string>;
  };
};

/** What the operator observed. */
export type ShardSetStatus = {
  /** The metadata.generation this status describes. */
  observedGeneration?: number;
  /** Shards in the published shard map (the scale subresource's current count). */
  replicas?: number;
  /** Shards in the map whose Deployment has an available pod. */
  availableReplicas?: number;
  /** Label selector of the shard pods, as a string (for the scale subresource and HPAs). */
  selector?: string;
  /** Name of the ConfigMap holding the shard map. */
  shardMap?: string;
  /** Ready and Degraded. */
  conditions?: {
    type: string;
    status: "True" | "False" | "Unknown";
    observedGeneration?: number;
    lastTransitionTime: string;
    reason: string;
    message: string;
  }[];
};

/** A set of query shards that split the key space. */
export type ShardSet = {
  apiVersion: typeof SHARD_SET_API_VERSION;
  kind: "ShardSet";
  metadata: V1ObjectMeta;
  spec: ShardSetSpec;
  status?: ShardSetStatus;
};
