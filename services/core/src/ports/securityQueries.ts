import type { MarketRef, TokenMetadata } from "./marketQueries.ts";

/** A Token-2022 transfer fee as served: basis points and cap (raw units) from an epoch on. */
export type SecurityTransferFee = { basisPoints: number; maximumFee: string; epoch: number };

/** The Token-2022 extensions of a Solana mint that change what a buyer can do. */
export type SecurityToken2022 = {
  /** the newer fee (in force from its epoch) and the one before it; null without the extension */
  transferFee: {
    current: SecurityTransferFee;
    previous: SecurityTransferFee;
    authority: string | null;
  } | null;
  permanentDelegate: string | null;
  transferHookProgram: string | null;
  defaultAccountFrozen: boolean;
  nonTransferable: boolean;
  mintCloseAuthority: string | null;
  /** null without the Pausable extension */
  paused: boolean | null;
  /** Token-2022 extension type numbers present on the mint */
  extensionTypes: number[];
};

/** The outcome of the buy-and-sell simulation (EVM, a Uniswap V2-style pool quoted in wrapped native). */
export type SecuritySimulation = {
  /** `ok`: bought and sold; `buy_failed`: the buy did not go through; `sell_failed`: bought, could not sell */
  outcome: "ok" | "buy_failed" | "sell_failed";
  pool: string;
  /** wrapped native spent on the buy (raw units) */
  amountIn: string;
  /** percent of the tokens the pair sent that never arrived (null unless bought) */
  buyTaxPct: number | null;
  /** percent of the tokens sold that never reached the pool (null unless they were sent to it) */
  sellTaxPct: number | null;
  /** cannot be sold, or the sell tax takes at least HONEYPOT_SELL_TAX_PCT; null when the buy failed */
  isHoneypot: boolean | null;
};

/** The security facts of one token. Every figure is null when unknown. */
export type TokenSecurity = {
  chain: string;
  address: string;
  /** Solana: a mint authority is set; EVM: a mint function is present in the code (or its implementation) */
  isMintable: boolean | null;
  /** Solana mint authority (null: none or unknown, see isMintable) */
  mintAuthority: string | null;
  /** Solana: a freeze authority is set */
  isFreezable: boolean | null;
  freezeAuthority: string | null;
  /** Solana: `spl-token` or `token-2022` */
  tokenProgram: string | null;
  token2022: SecurityToken2022 | null;
  /** EVM: what `owner()` answers (null: no such function or unknown) */
  owner: string | null;
  /** EVM: owner() answers the zero address */
  ownershipRenounced: boolean | null;
  /** EVM: pause and blacklist functions present in the code */
  hasPauseFunction: boolean | null;
  hasBlacklistFunction: boolean | null;
  /** EVM: an EIP-1967 or EIP-1167 proxy */
  isProxy: boolean | null;
  proxyImplementation: string | null;
  proxyAdmin: string | null;
  simulation: SecuritySimulation | null;
  /** percent of the pool's LP tokens held by the zero and dead addresses (V2-style pools) */
  lpBurnedPct: number | null;
  /** percent of the V2 pair's LP tokens held by the locker list's contracts (null without a listed locker for the chain) */
  lpLockedPct: number | null;
  /** the V2 pair the LP figures were read from */
  lpPool: string | null;
  /** percent of supply held by the top 10 holders, pools, curves, burn and lockers excluded */
  top10HolderPct: number | null;
  /** wallets labelled sniper / bundler at the launch (services/core/src/traders) */
  sniperWallets: number | null;
  bundlerWallets: number | null;
  /** their share of total supply now, from the recorded holder balances (null when not tracked) */
  snipersHoldPct: number | null;
  bundlersHoldPct: number | null;
  /** a paid token profile, from the dex-paid provider (null: no provider answered) */
  dexPaid: boolean | null;
  /** when these facts were read from the chain */
  checkedAt: number;
};

/** Token security facts (`GET`/`POST /v1/token/security`). */
export interface SecurityQueries {
  /** @throws NotFoundError for a token with no stored market */
  tokenSecurity(q: MarketRef): Promise<TokenSecurity>;
}

/** A sell tax at or above this percent flags the token as a honeypot (a sale keeps less than half). */
export const HONEYPOT_SELL_TAX_PCT = 50;

/** A token's metadata record (`GET /v1/token/metadata`): the snapshot's block plus where it came from. */
export type TokenMetadataRecord = TokenMetadata & {
  chain: string;
  address: string;
  /** the metadata URI recorded on chain (Metaplex, Token-2022); null when none is known */
  uri: string | null;
  /** when the document at `uri` was last fetched and taken */
  fetchedAt: number | null;
  /** `ok`, the reason the last fetch failed (`TIMEOUT`, `TOO_LARGE`, ...), or null before any */
  status: string | null;
};

/** Token metadata (`GET /v1/token/metadata`). */
export interface TokenMetadataQueries {
  /** @throws NotFoundError for a token that is not stored */
  tokenMetadata(q: MarketRef): Promise<TokenMetadataRecord>;
}
