import { ponder } from "ponder:registry";
import { swap } from "ponder:schema";

ponder.on("UniswapV2Pair:Swap", async ({ event, context }) => {
  const a = event.args;
  await context.db.insert(swap).values({
    id: event.id,
    pool: event.log.address,
    block: event.block.number,
    at: event.block.timestamp,
    txHash: event.transaction.hash,
    maker: event.transaction.from,
    amount0: a.amount0In - a.amount0Out,
    amount1: a.amount1In - a.amount1Out,
  });
});

ponder.on("UniswapV3Pool:Swap", async ({ event, context }) => {
  await context.db.insert(swap).values({
    id: event.id,
    pool: event.log.address,
    block: event.block.number,
    at: event.block.timestamp,
    txHash: event.transaction.hash,
    maker: event.transaction.from,
    amount0: event.args.amount0,
    amount1: event.args.amount1,
  });
});

ponder.on("UniswapV4PoolManager:Swap", async ({ event, context }) => {
  await context.db.insert(swap).values({
    id: event.id,
    pool: event.args.id,
    block: event.block.number,
    at: event.block.timestamp,
    txHash: event.transaction.hash,
    maker: event.transaction.from,
    amount0: event.args.amount0,
    amount1: event.args.amount1,
  });
});
