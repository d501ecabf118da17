import { HONEYPOT_SELL_TAX_PCT } from "@tapeline/core";
import { z } from "zod";

/** Response schema of the token security endpoints (the shape of `@tapeline/core` TokenSecurity). */
const pct = z.number().nullable();
const transferFee = z.object({
  basisPoints: z.int(),
  maximumFee: z.string().describe("raw token units"),
  epoch: z.int().describe("the epoch from which this fee applies"),
});

export const tokenSecuritySchema = z.object({
  chain: z.string(),
  address: z.string(),
  isMintable: z
    .boolean()
    .nullable()
    .describe(
      "Solana: a mint authority is set. EVM: the code (or its proxy's implementation) dispatches a mint function",
    ),
  mintAuthority: z.string().nullable().describe("Solana mint authority; null when none is set or unknown"),
  isFreezable: z.boolean().nullable().describe("Solana: a freeze authority is set"),
  freezeAuthority: z.string().nullable(),
  tokenProgram: z.enum(["spl-token", "token-2022"]).nullable().describe("Solana: the mint's token program"),
  token2022: z
    .object({
      transferFee: z
        .object({ current: transferFee, previous: transferFee, authority: z.string().nullable() })
        .nullable()
        .describe("TransferFeeConfig: `current` is the newer fee, in force from its epoch"),
      permanentDelegate: z.string().nullable().describe("can move or burn any holder's tokens"),
      transferHookProgram: z.string().nullable().describe("program every transfer calls"),
      defaultAccountFrozen: z.boolean().describe("new token accounts start frozen"),
      nonTransferable: z.boolean(),
      mintCloseAuthority: z.string().nullable(),
      paused: z.boolean().nullable().describe("Pausable extension: transfers paused now; null without it"),
      extensionTypes: z.array(z.int()).describe("Token-2022 extension type numbers on the mint"),
    })
    .nullable()
    .describe("Solana Token-2022 extensions; null on an SPL Token mint, on EVM, or when unknown"),
  owner: z.string().nullable().describe("EVM: what owner() answers; null without such a function"),
  ownershipRenounced: z.boolean().nullable().describe("EVM: owner() answers the zero address"),
  hasPauseFunction: z.boolean().nullable(),
  hasBlacklistFunction: z.boolean().nullable(),
  isProxy: z.boolean().nullable().describe("EVM: an EIP-1967 or EIP-1167 proxy"),
  proxyImplementation: z.string().nullable(),
  proxyAdmin: z.string().nullable().describe("EIP-1967 admin slot; null when empty or not a proxy"),
  simulation: z
    .object({
      outcome: z.enum(["ok", "buy_failed", "sell_failed"]),
      pool: z.string(),
      amountIn: z.string().describe("wrapped native spent on the simulated buy, raw units"),
      buyTaxPct: pct.describe("percent of the tokens the pool sent that did not arrive"),
      sellTaxPct: pct.describe(
        "percent of the tokens sold that did not reach the pool (measured also when the pool then refused the sale)",
      ),
      isHoneypot: z
        .boolean()
        .nullable()
        .describe(
          `the bought tokens could not be sold, or the sell tax is at least ${HONEYPOT_SELL_TAX_PCT} %; null when the buy failed`,
        ),
    })
    .nullable()
    .describe(
      "EVM: a buy then a sell through the token's Uniswap V2 pool quoted in wrapped native (its deepest; without one, its deepest Uniswap V3 pool, paid in the swap callback as a router pays it; without one either, its deepest Uniswap V4 pool, settled inside the pool manager's unlock; on V3 and V4 a token taxed on the way in fails the sale), run by eth_call with state overrides; null without such a pool or node",
    ),
  lpBurnedPct: pct.describe("percent of the pool's LP tokens held by the zero and 0x…dead addresses"),
  lpLockedPct: pct.describe(
    "percent of the same pool's LP tokens held by the locker list's contracts of the chain (shipped list plus the deployment's LOCKERS); null without a listed locker for the chain or a V2 pool; a locker outside the list is not counted",
  ),
  lpPool: z
    .string()
    .nullable()
    .describe("the Uniswap V2 pair the LP figures are read from; null without one"),
  top10HolderPct: pct.describe(
    "share of total supply held by the 10 largest holders, pools, bonding curves, burn addresses and lockers left out; null when the balances are not tracked or the supply is unknown",
  ),
  sniperWallets: z.int().nullable().describe("wallets labelled sniper at the launch"),
  bundlerWallets: z.int().nullable().describe("wallets labelled bundler at the launch"),
  snipersHoldPct: pct.describe(
    "share of total supply the launch's snipers hold now; null when the balances are not tracked, the supply is unknown or the token has no market",
  ),
  bundlersHoldPct: pct.describe(
    "share of total supply the launch's bundlers hold now; null as snipersHoldPct",
  ),
  dexPaid: z.boolean().nullable().describe("null when no dex-paid provider answered"),
  checkedAt: z.int().describe("unix ms the chain facts were read"),
});
