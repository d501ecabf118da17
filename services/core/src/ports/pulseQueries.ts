import type { ChainId } from "../chainId.ts";

/** Launchpad lifecycle views (spec: Launchpad lifecycle views). */
export const PULSE_VIEWS = ["new", "bonding", "graduated"] as const;
export type PulseView = (typeof PULSE_VIEWS)[number];

/** Bounds of `GET /v1/pulse`. */
export const PULSE_LIMITS = { chainsMax: 8, limitMax: 100, limitDefault: 30 } as const;

export type PulseQuery = { view: PulseView; chains: ChainId[]; limit: number };

/** The token's creator; profile fields from the wallet profile (`GET /v1/wallet/profile`), null when unknown. */
export type PulseCreator = {
  address: string;
  displayName: string | null;
  avatarUrl: string | null;
  ensName: string | null;
};

/** One `GET /v1/pulse` row: a launchpad token (spec: Launchpad lifecycle row). */
export type PulseRow = {
  chain: ChainId;
  address: string;
  name: string | null;
  symbol: string | null;
  nameRank: number | null;
  totalSupply: string | null;
  priceNative: string | null;
  priceUsd: number | null;
  marketCapUsd: number | null;
  liquidityNative: string | null;
  liquidityUsd: number | null;
  pool: {
    address: string;
    type: string;
    factory: string | null;
    quoteAddress: string;
    quoteSymbol: string | null;
  } | null;
  bondingProgress: number | null;
  migrated: boolean;
  createdAt: number | null;
  graduatedAt: number | null;
  ageSeconds: number | null;
  txns: number;
  buys: number;
  sells: number;
  volumeUsd: number | null;
  feesUsd: number | null;
  metadata: {
    iconUrl: string | null;
    websiteUrl: string | null;
    twitterUrl: string | null;
    telegramUrl: string | null;
    /** null when unknown (no dex-paid provider answered) */
    dexPaid: boolean | null;
  };
  creator: PulseCreator | null;
};

/** The launchpad lifecycle read method a query shard answers. */
export interface PulseQueries {
  pulse(q: PulseQuery): Promise<PulseRow[]>;
}
