-- The EVM stablecoin registry (`stablecoins`, a reference table): the canonical USD stablecoins
-- of the well-known EVM chains, by contract address (lowercase), so positions serve them as
-- `kind: stable` without an operator's registration. The same addresses as the ingest's
-- KNOWN_EVM_CHAINS (services/ingest/src/service/knownEvmChains.ts), which rank them first as
-- quotes; a test keeps both lists equal. An operator adds other chains' rows; existing rows stay.
--
-- Sources (checked against each chain's explorer token page):
--   USDC issued by Circle: https://developers.circle.com/stablecoins/usdc-contract-addresses
--   USDT issued by Tether: https://tether.to/en/supported-protocols/
--   Bridged USDC (USDbC on Base, USDC.e on OP Mainnet and Arbitrum One), bridged USDT on Base and
--   OP Mainnet, USDT0 on Arbitrum One (https://docs.usdt0.to/technical-documentation/developer),
--   Binance-Peg USDT and USDC on BNB Smart Chain: the chains' explorers (etherscan.io,
--   basescan.org, optimistic.etherscan.io, arbiscan.io, bscscan.com) and their token lists.
insert into stablecoins (chain_id, address, symbol) values
  -- Ethereum
  ('evm:1', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 'USDC'),
  ('evm:1', '0xdac17f958d2ee523a2206206994597c13d831ec7', 'USDT'),
  -- Base
  ('evm:8453', '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', 'USDC'),
  ('evm:8453', '0xd9aaec86b65d86f6a7b5b1b0c42ffa531710b6ca', 'USDbC'),
  ('evm:8453', '0xfde4c96c8593536e31f229ea8f37b2ada2699bb2', 'USDT'),
  -- OP Mainnet
  ('evm:10', '0x0b2c639c533813f4aa9d7837caf62653d097ff85', 'USDC'),
  ('evm:10', '0x7f5c764cbc14f9669b88837ca1490cca17c31607', 'USDC.e'),
  ('evm:10', '0x94b008aa00579c1307b0ef2c499ad98a8ce58e58', 'USDT'),
  -- Arbitrum One
  ('evm:42161', '0xaf88d065e77c8cc2239327c5edb3a432268e5831', 'USDC'),
  ('evm:42161', '0xff970a61a04b1ca14834a43f5de4533ebddb5cc8', 'USDC.e'),
  ('evm:42161', '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9', 'USDT'),
  -- BNB Smart Chain
  ('evm:56', '0x55d398326f99059ff775485246999027b3197955', 'USDT'),
  ('evm:56', '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d', 'USDC')
on conflict (chain_id, address) do nothing;
