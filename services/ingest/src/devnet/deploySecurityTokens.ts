import type { Address } from "viem";
import { compileDevnetContracts, compileDevnetSource } from "./compileDevnetContracts.ts";
import type { DevnetClient } from "./createDevnetClient.ts";
import type { TxSender } from "./createTxSender.ts";
import { createUniswapV2Actions } from "./createUniswapV2Actions.ts";
import type { DevnetDeployment, DevnetV2Pool } from "./DevnetDeployment.ts";

/** A token deployed to exercise the security checks, with its WETH pair and configured taxes. */
export type SecurityToken = {
  address: Address;
  pool: DevnetV2Pool;
  buyTaxBps: number;
  sellTaxBps: number;
  sellsBlocked: boolean;
};

export type SecurityTokens = { plain: SecurityToken; taxed: SecurityToken; sellBlocked: SecurityToken };

const E18 = 10n ** 18n;

/**
 * Deploys three tokens with a Uniswap V2 WETH pair each, seeded by `owner`: a plain ERC-20 (the
 * devnet's fee-on-transfer token with no fee), a taxed token (`buyTaxBps`/`sellTaxBps` on
 * transfers out of and into its pair) and a token whose sales into its pair revert (contracts
 * in `contracts/SecurityTestTokens.sol`).
 */
export async function deploySecurityTokens(
  client: DevnetClient,
  deployment: DevnetDeployment,
  owner: TxSender,
  taxes: { buyTaxBps: number; sellTaxBps: number },
): Promise<SecurityTokens> {
  const v2 = createUniswapV2Actions(client, deployment);
  const restricted = compileDevnetSource("SecurityTestTokens.sol")("TradeRestrictedToken");
  const seed = async (address: Address) =>
    v2.createPool(owner, {
      tokenA: address,
      tokenB: deployment.weth,
      amountA: 1_000_000n * E18,
      amountB: 50n * E18,
      nativeEth: true,
    });
  const deployRestricted = async (symbol: string, buy: number, sell: number, blocked: boolean) => {
    const address = await owner.deploy(
      restricted,
      [symbol, symbol, BigInt(buy), BigInt(sell), blocked, 10_000_000n * E18],
      symbol,
    );
    const pool = await seed(address);
    await owner.write(
      { address, abi: restricted.abi, functionName: "setPair", args: [pool.address] },
      `${symbol} setPair`,
    );
    return {
      address: address.toLowerCase() as Address,
      pool,
      buyTaxBps: buy,
      sellTaxBps: sell,
      sellsBlocked: blocked,
    };
  };
  const plainAddress = await owner.deploy(
    compileDevnetContracts().feeOnTransferToken,
    ["Plain", "PLAIN", 0n, owner.address, 10_000_000n * E18],
    "PLAIN",
  );
  const plain = {
    address: plainAddress.toLowerCase() as Address,
    pool: await seed(plainAddress),
    buyTaxBps: 0,
    sellTaxBps: 0,
    sellsBlocked: false,
  };
  return {
    plain,
    taxed: await deployRestricted("TAXED", taxes.buyTaxBps, taxes.sellTaxBps, false),
    sellBlocked: await deployRestricted("NOSELL", 0, 0, true),
  };
}
