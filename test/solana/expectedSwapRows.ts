/**
 * Every successful swap transaction of the fixtures with its expected market rows. The table
 * names each row's venue, pool, maker and router (read off the transaction: the pool account of
 * the venue instruction, the signer, the top-level program). Everything else is computed below
 * from the transaction's own balances: which side, which token and quote, both amounts, and the
 * fee with tips. `owners` / `vaults` say where the pool's balances sit when they are not token
 * accounts owned by the pool itself (shared AMM authorities, Meteora vaults, two pools of one
 * authority in one transaction).
 */
export type ExpectedRow = {
  venue: string;
  pool: string;
  maker: string;
  router: string | null;
  owners?: string[];
  vaults?: string[];
  /** Token-2022 transfer fee: the pool received less than the trader sent; the row is gross */
  tokenFromUser?: boolean;
  /** Token-2022 transfer fee on a routed leg: the gross is the executed transfer into this vault */
  tokenFromTransferTo?: string;
  /** the curve was created in this transaction, so its balances include the mint and rent: use the TradeEvent */
  fromEvent?: boolean;
};

export const EXPECTED: Record<string, ExpectedRow[]> = {
  OKXDEX_commissionSolSwap2: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "DHAeayDZnb76kxF5T5fgh7n3txBuSPhwdHRQYQMYGywY",
      maker: "AG27WXxPym3K73JFKtpRxwbMfnRnuPu5bn6juzcvq5rp",
      router: "6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma",
    },
  ],
  OKXDEX_commissionSplProxySwap: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "GjvW8JQSpKG5ogjyD3zozfaeJSShTajS5ZFrexT8L12k",
      maker: "GKj54MVFppoYsxPU9jMn7CMniVRAuveFadyTtFhn1vXy",
      router: "6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma",
    },
  ],
  OKXDEX_swap_0: [
    {
      venue: "RAYDIUM_CPMM",
      pool: "8THC7UQN8zPXRL61o75fP4gcwRyB5W3o74yHyqarkqZ9",
      vaults: ["f2YzFdR5MhdqdQRN8F8tWLSabD8LuRUoFGJTgnKMJ9h", "Gn7ZGtdFZzPRR2wogi6a33o31Dp2aPaVTL6CdgoYYD98"],
      tokenFromUser: true,
      maker: "E8oVrS4Pk74ouemj4t6grJ6w5Ah7SFLYa8VoRtvtWpnw",
      router: "6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma",
    },
    {
      venue: "RAYDIUM_CLMM",
      pool: "HMqacQogqMpdux9DgbZQ75saxmSYGF4dMcpuLNYQdNU6",
      maker: "E8oVrS4Pk74ouemj4t6grJ6w5Ah7SFLYa8VoRtvtWpnw",
      router: "6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma",
    },
  ],
  OKXDEX_swap_1: [
    {
      venue: "METEORA_DLMM",
      pool: "6GuU95VtWZGbrUyq11XKVBGEfBbR49Hhj37o3oXxjQRS",
      maker: "EfbbhahGNuhqEraRZXrwETfsaKxScngEttdQixWAW4WE",
      router: "6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma",
    },
  ],
  OKXDEX_swap_2: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "5MAes42sE5Y3dkyGd3JSHsDidqhoLziDTnFzqCoe1uuq",
      maker: "FeWbDQ9SpgWS8grNrpFesVquJfxVkRu1WNZerKsrkcbY",
      router: "6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma",
    },
  ],
  jupiterAggregatorV6_Route_1: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "Ho28uui8GGY2ZUe5UpW6pj8ks4cXaKXauoYMUafS7Nby",
      maker: "3huskHPRJXT5pL6RW57HaA8pXRFojx6gfNVGL9cJ2vtB",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  jupiterAggregatorV6_Route_2: [
    {
      venue: "RAYDIUM_CLMM",
      pool: "8G6Mt4tbCHU8nfoWJnamLVXkEMFeia3fPnFD3EUwcmiH",
      maker: "63EazyqF9nJN8SdGTMUaLrRKxS3XnmUiFuDp5KZ9wEV8",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  jupiterAggregatorV6_sharedAccountsRoute_1: [
    {
      venue: "METEORA_DLMM",
      pool: "CNyMBhDe985yBzn6EqyT6BJE89iWgufi6wgBZFK9kM1D",
      maker: "AVYG9UHetNHT1FEDPLv9pN2sCCH4CLsjvkzGjVXBfEiS",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
    {
      venue: "METEORA_DLMM",
      pool: "AvQvbFhPtJyaxbkqZPG1uaYwF3gg2JfKq6znUHoKyGE1",
      maker: "AVYG9UHetNHT1FEDPLv9pN2sCCH4CLsjvkzGjVXBfEiS",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  jupiterAggregatorV6_sharedAccountsRoute_2: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "GEBvDHNe3oFHovckYEVUhrNXFshkDWaM9QQoTwnYd6vx",
      maker: "GKj54MVFppoYsxPU9jMn7CMniVRAuveFadyTtFhn1vXy",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
    {
      venue: "METEORA_DLMM",
      pool: "GkBsEDBvSBywMzBoVa1ug1V3hRYpzEaaeTBtjYRgjEW9",
      maker: "GKj54MVFppoYsxPU9jMn7CMniVRAuveFadyTtFhn1vXy",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  photon_pumpfun_buy_0: [
    {
      venue: "PUMPFUN",
      pool: "GPgXsGCFjzNNAZtUvxmNo3G3yEouoao1XdkK1SukitdS",
      maker: "DfMxre4cKmvogbLrPigxmibVTTQDuzjdXojWzjCXXhzj",
      router: "BSfD6SHZigAfDWSjzD5Q41jw8LmKwtmjskPH9XW1mrRW",
    },
  ],
  photon_pumpfun_buy_1: [
    {
      venue: "PUMPFUN",
      pool: "7ke4MiP4CRN176wAkEdxxUVyUcHi2Qi4e8JJNNCtVeZM",
      maker: "2PhpwXnnnQWQCdiQwkG7Xbq5D3x72vCEGJEQ1kKrMHzi",
      router: "BSfD6SHZigAfDWSjzD5Q41jw8LmKwtmjskPH9XW1mrRW",
    },
  ],
  photon_pumpfun_sell: [
    {
      venue: "PUMPFUN",
      pool: "2UiFmAK89Fv3xMRMDN5sD2jFQSBSSWeVPN84BAsYwmLq",
      maker: "CzXW1cD5H9M6d8uFonRqQA5bvfLQtZdaZFJzqpie88HM",
      router: "BSfD6SHZigAfDWSjzD5Q41jw8LmKwtmjskPH9XW1mrRW",
    },
  ],
  pumpfun_buy_0: [
    {
      venue: "PUMPFUN",
      pool: "DizioTk7HKkYcVjiKuB6wdFXtGSisGX57mwG9PFwxXxm",
      maker: "EfbbhahGNuhqEraRZXrwETfsaKxScngEttdQixWAW4WE",
      router: null,
    },
  ],
  pumpfun_buy_1: [
    {
      venue: "PUMPFUN",
      pool: "6g4dVVZFSX4zti3E66qWhaAC8FKR1kFzdTFsnijgV7jC",
      maker: "4DdrfiDHpmx55i4SPssxVzS9ZaKLb8qr45NKY9Er9nNh",
      router: null,
    },
  ],
  pumpfun_buy_bundle: [
    {
      venue: "PUMPFUN",
      pool: "Ak4Cu8ZTTbaLvAubaCSpzdrEKbpwMpkF4RArSoRLRvMF",
      maker: "Gh6D6DZcASQLc2XoLpctT74KbRr4nrHF8wNptweckHoA",
      router: null,
    },
    {
      venue: "PUMPFUN",
      pool: "Ak4Cu8ZTTbaLvAubaCSpzdrEKbpwMpkF4RArSoRLRvMF",
      maker: "7SPkzf8DSxdemSKMEEKquRKEYrdDjcuHaQwac5nvnB4b",
      router: null,
    },
    {
      venue: "PUMPFUN",
      pool: "Ak4Cu8ZTTbaLvAubaCSpzdrEKbpwMpkF4RArSoRLRvMF",
      maker: "GdCFP1doq784rQTHJDuvpLchVWoMtJwdAM8MQTCHWTuz",
      router: null,
    },
    {
      venue: "PUMPFUN",
      pool: "Ak4Cu8ZTTbaLvAubaCSpzdrEKbpwMpkF4RArSoRLRvMF",
      maker: "8rL9duqqeBRzZZyiz77xgfzDUdbR99TPjmVk5D1LNHuL",
      router: null,
    },
  ],
  pumpfun_create_0: [
    {
      venue: "PUMPFUN",
      pool: "CQrqvWERJtEjw2rCCQV6EqfM6V6jzTuKjhJjKNFmGB7r",
      fromEvent: true,
      maker: "6xo262KbDXepWbF3vPTrFXysr5vJwk3mozBXmXk3hmMx",
      router: null,
    },
  ],
  pumpfun_sell_0: [
    {
      venue: "PUMPFUN",
      pool: "6cSXbsWdUE86Nvwq8UZSQS8X8v4Rz3TP39V6gSb9Rg6f",
      maker: "4DdrfiDHpmx55i4SPssxVzS9ZaKLb8qr45NKY9Er9nNh",
      router: null,
    },
  ],
  raydiumLiquidityPoolV4_swap_0: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "9xNtkAhkGNG6fPazLe7ZFmmiJ5Mss37sBx9eoya33o4q",
      maker: "Do3UdALe5F7NRXB4uYcBzZtCbAt8ssu4a5kGZVucKhC5",
      router: null,
    },
  ],
  raydiumLiquidityPoolV4_swap_1: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "2mF8wbzawjPzDoCiGBqoinbaVxMJAwRm5wQ1dtgSLZdD",
      maker: "ECvj86nDupkVh1cDgxrJw3zJkw3ahcDiVB3pPTbpskjD",
      router: null,
    },
  ],
  raydiumLiquidityPoolV4_swap_2: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "FrSpBqMa6MbEt4EY9CvPdM6Ycuc5wRYCdNcDMxgSznLz",
      maker: "orcACRJYTFjTeo2pV8TfYRTpmqfoYgbVi9GeANXTCc8",
      router: null,
    },
  ],
  burn_spl_token_1: [
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "AhhoxZDmsg2snm85vPjqzYzEYESoKfb4KmTj4HrBBNwY",
      maker: "CWNFMcLiCDLxMKhzim2DcSRu6F6gizTJYtMpamJYgsaN",
      router: "proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u",
    },
    {
      venue: "RAYDIUM_CLMM",
      pool: "FBv7PtQ9FH1NepbVCh4ojZEKXa15jLQBreuxMeT9uERb",
      maker: "CWNFMcLiCDLxMKhzim2DcSRu6F6gizTJYtMpamJYgsaN",
      router: "proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u",
    },
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "BmXVhzBHTawt5stWKBtFdjM8n33G5RoUDECE5FrRvayq",
      maker: "CWNFMcLiCDLxMKhzim2DcSRu6F6gizTJYtMpamJYgsaN",
      router: "proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u",
    },
  ],
  buy_token_pumpfun_1: [
    {
      venue: "PUMPFUN",
      pool: "ADMmxtt1A9eHCmbyxG3Ncme1LupAzjeKFnzrdHpoJGYV",
      maker: "Gygj9QQby4j2jryqyqBHvLP7ctv2SaANgh4sCb69BUpA",
      router: "MAyhSmzXzV1pTf7LsNkrNwkWKTo4ougAJ1PPg47MD4e",
    },
  ],
  create_pool_raydium_v4_1: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "Fhmjp6SMtmD8GXkq8tw6aZjBk3sDpKtKKSH6RToLAX3m",
      maker: "a7JqDmv5zTyh9cQBtsVreYWpeW1vZZ5CDRAN3nyGLXC",
      router: "DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH",
    },
  ],
  jupiter_route_1: [
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "ERcyMw5fgPM1RJXqcWKWcUsfbgSWsvyTWNdxvRxmai4D",
      maker: "FkS3KQcobnWyLVd5FpEYdTyUsuXW42bBDv83bj8KeQn4",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  jupiter_route_7: [
    {
      venue: "PUMPSWAP",
      pool: "99vR2vBCMkcupXZePkt37fJp19uznJ9cnZNMtEWWq8my",
      maker: "1yp1LRkbGwciTP4ssMVSHDR3sbsYWskS5HDMZzghxe8",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
    {
      venue: "RAYDIUM_CLMM",
      pool: "5s7njN2X6k3trkibTKX6LJFu4PnybYhCuADP9LD2fhuP",
      maker: "1yp1LRkbGwciTP4ssMVSHDR3sbsYWskS5HDMZzghxe8",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  jupiter_route_with_ata_3: [
    {
      venue: "PUMPSWAP",
      pool: "97mAYu6tqYdBcCGokHwKMhVkCBAGTtKKDUhCz57yw114",
      maker: "D6GV79d1zB9JfQ3pHbXzvFUojkp4LBKYnx4zF4VBDjox",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  multi_swap_meteora_damm_v2_1: [
    {
      venue: "METEORA_DAMM_V2",
      pool: "CTQwzJyqoWMz9BkQoppMDs5UDBRfHSeTwKB1bUheyTRN",
      maker: "68JB6KNa7ognSGgN4JuHbVusYJxakMq7TRvEp3r1yqQS",
      router: null,
    },
    {
      venue: "METEORA_DAMM_V2",
      pool: "CTQwzJyqoWMz9BkQoppMDs5UDBRfHSeTwKB1bUheyTRN",
      maker: "JB2wzKZQFxCTMDZmkv9KmmWe6PfT3MgXdG5vP4AZhcG6",
      router: null,
    },
  ],
  swap_aldrin_v2_1: [
    {
      venue: "PUMPSWAP",
      pool: "5dx1auHzHbE9WgV8YRmW3JE6dHxSBf5iKJZo1fxp32xo",
      maker: "7sVyJ7zTfdxaR9oYWVmtBHgXVgyZrGeM4ez9goqdL26f",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
    {
      venue: "METEORA_DAMM_V1",
      pool: "7EJSgV2pthhDfb4UiER9vzTqe2eojei9GEQAQnkqJ96e",
      owners: [
        "FERjPVNEa7Udq8CEv68h6tPL46Tq7ieE49HrE2wea3XT",
        "CGY4XQq8U4VAJpbkaFPHZeXpW3o4KQ5LowVsn6hnMwKe",
      ],
      maker: "7sVyJ7zTfdxaR9oYWVmtBHgXVgyZrGeM4ez9goqdL26f",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  swap_alphaq_1: [
    {
      venue: "RAYDIUM_CLMM",
      pool: "3nMFwZXwY1s1M5s8vYAHqd4wGs4iSxXE4LRoUMMYqEgF",
      maker: "4swoALYuvetDK6N3ak1Knc1bMLbm7nzkxCW1nqjPWGRV",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  swap_bananagun_1: [
    {
      venue: "PUMPSWAP",
      pool: "5wJyTTwqvoMzDh57tmRsGVQtcS1scyY1TktBDyRFiHuy",
      maker: "7icYz9gzLUm2y2aHEyMGddKKN5idLbFLnThYAkxqJnPM",
      router: "BANANAjs7FJiPQqJTGFzkZJndT9o7UmKiYYGaJz6frGu",
    },
  ],
  swap_bloom_1: [
    {
      venue: "PUMPSWAP",
      pool: "DbKQVHEtNTr4zJB4QcAnfokJMHu3pQ6w9CYmHLZUhxCL",
      maker: "8NTAL7YTB2f18rzbicdoy8EV1pU6bEgmHahUPWtvh5nM",
      router: "b1oomGGqPKGD6errbyfbVMBuzSC8WtAAYo8MwNafWW1",
    },
  ],
  swap_dflow_1: [
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "8erNF5u3CHrqZJXtkfY8CjSxFYF1yqHmN8uDbAhk6tWM",
      maker: "AoixKyowYzhuoKUq8GKNHMik7e2maZa8oCFF6yTgSmFZ",
      router: "DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH",
    },
  ],
  swap_exa6gyh_1: [
    {
      venue: "RAYDIUM_CPMM",
      pool: "FM3xQtvTYZVMxXbUzyTQiUvjmrQM5bgz6gmDJiSzDKaA",
      maker: "FaKcMB8rebNiAa1FUZYhRgWV9LTcTcQSvGToQNgHGP8M",
      router: "FLASHX8DrLbgeR8FcfNV1F5krxYcYMUdBkrP1EPBtxB9",
    },
  ],
  swap_exa6gyh_via_pumpswap_3: [
    {
      venue: "PUMPSWAP",
      pool: "5jbuf4LkAh6uwEQKWYmHv7PCh8fNBPySZyJs1DCCWpa8",
      maker: "CiY6KfMC2Hjox3kvGcTMgj2vrvWTXiXSHEJwtS6G6H7X",
      router: "FLASHX8DrLbgeR8FcfNV1F5krxYcYMUdBkrP1EPBtxB9",
    },
  ],
  swap_exa6gyh_via_pumpswap_4: [
    {
      venue: "PUMPSWAP",
      pool: "5jbuf4LkAh6uwEQKWYmHv7PCh8fNBPySZyJs1DCCWpa8",
      maker: "3pYMzcNrVEB8mUjz2EsHKdjwjoipqsuuZ1sbYwm8etcy",
      router: "FLASHX8DrLbgeR8FcfNV1F5krxYcYMUdBkrP1EPBtxB9",
    },
  ],
  swap_frlmh_1: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "HL4KFTfhZZMm7NGefszQxzJ3M6CaDWE7TesyuRuQYmMJ",
      maker: "GJvewfRjqTUPtx6WsBSUnaFbdgXwgXnWfpDyLm65T4YA",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  swap_fusion_via_pumpswap_1: [
    {
      venue: "PUMPSWAP",
      pool: "5jbuf4LkAh6uwEQKWYmHv7PCh8fNBPySZyJs1DCCWpa8",
      maker: "HxjwdF326ZunmUwC1iXhfgL3ku78YsksN6n7Rfxzwr6b",
      router: "9GCBb4NsSDRuEkkGfQkN37oppmMVPops5sXDWhAKAvQQ",
    },
  ],
  swap_fusion_via_pumpswap_2: [
    {
      venue: "PUMPSWAP",
      pool: "BWFZkx1pMpvwxammwTrizvoWzZZGiFEYUYW6Ee51SHLy",
      maker: "6AGp6zbGNuyZpmzeswv9KCNU15Rf37UQDqDqFAeHmS8d",
      router: "BXp3BjLZp4iQZpEe1vXbiX8xxM1wEtmn5wr27tvQEmW7",
    },
  ],
  swap_goosefx_gamma_1: [
    {
      venue: "METEORA_DLMM",
      pool: "6ApYpULgY2vwjxmz3E8XrAfRs2gEaa5uUYxPHD6V2ncp",
      maker: "6pJRLj7rhRBpe1c9Ld76rKSg8v5oELyiQE2sKb3f7hVc",
      router: "DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH",
    },
  ],
  swap_heaven_1: [
    {
      venue: "RAYDIUM_CPMM",
      pool: "5PkVgUAd89BcPE7LCp6p37R3G5mp1JCGoC5VtRc3PBp3",
      vaults: [
        "E4oLXaCs2YSYf3deHG15jor86mJKtYRQUQ3R6YnRNvU5",
        "6p5qCWzRG9PDHYrjHsXqmxXXRJ4hje4CpB7p7eHLSFGH",
      ],
      maker: "nikaZhqeJSSxRKMQowzVThPFgLacCL4QVz5sG9VX6k9",
      router: "MtvwNH8eijJV3Pxcak9ZzsXeX7rWiAB2QGaPz1XDpd2",
    },
    {
      venue: "RAYDIUM_CPMM",
      pool: "8pN9qCiZg3KPg79R5cL4AF9xXVTWoJPxaVWf5ormvCwa",
      vaults: [
        "A9VDSs4eKrUD9QNCDtYTqVRM7KjmWzMBErMgobbSorCE",
        "62AA52CRTLXaYbzncJUZv82CwpRzxH6yH3xDN1XXcZNj",
      ],
      tokenFromTransferTo: "A9VDSs4eKrUD9QNCDtYTqVRM7KjmWzMBErMgobbSorCE",
      maker: "nikaZhqeJSSxRKMQowzVThPFgLacCL4QVz5sG9VX6k9",
      router: "MtvwNH8eijJV3Pxcak9ZzsXeX7rWiAB2QGaPz1XDpd2",
    },
  ],
  swap_jupiter_v4_1: [
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "C9U2Ksk6KKWvLEeo5yUQ7Xu46X7NzeBJtd9PBfuXaUSM",
      maker: "BJcxXxr2mSr71SVJaqvHHmdxHUrYRvC4sct1wMNZxirK",
      router: "JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB",
    },
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "C9TtEmfrCVyPHsxTzA1ZViqdRBkfRsRfCh3Cv7ChDMnn",
      maker: "BJcxXxr2mSr71SVJaqvHHmdxHUrYRvC4sct1wMNZxirK",
      router: "JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB",
    },
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "BXvwBbCN4YSzu4nRfUwAPCN1xtu4DapKNdWjxUsduKEe",
      maker: "BJcxXxr2mSr71SVJaqvHHmdxHUrYRvC4sct1wMNZxirK",
      router: "JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB",
    },
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "5t1DEPmxpyQzygiXT9Q9xvidHTSBeD1PYnoFYa7wG5mg",
      maker: "BJcxXxr2mSr71SVJaqvHHmdxHUrYRvC4sct1wMNZxirK",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "2f52cmyPTJ91WcX5S7Kki2zGAprHmPGTJG8oLWr7DCth",
      maker: "BJcxXxr2mSr71SVJaqvHHmdxHUrYRvC4sct1wMNZxirK",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "44W73kGYQgXCTNkGxUmHv8DDBPCxojBcX49uuKmbFc9U",
      maker: "BJcxXxr2mSr71SVJaqvHHmdxHUrYRvC4sct1wMNZxirK",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  swap_maestro_1: [
    {
      venue: "PUMPFUN",
      pool: "Hfs8ZTwR89e9Yr91QTvCdH5atSZ996P1jjXeeXvFiSzY",
      maker: "GcQEREo3Tg1AAdzGp4tD3bzxue8QCAcs79s7Jyqhf6G2",
      router: null,
    },
  ],
  swap_manifest_via_meteora_1: [
    {
      venue: "METEORA_DLMM",
      pool: "9RRDon6SarD7uR7VdoWfgQMQBgk9fAHDXgkY2nMcU4ri",
      maker: "54Pz1e35z9uoFdnxtzjp7xZQoFiofqhdayQWBMN7dsuy",
      router: "DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH",
    },
    {
      venue: "METEORA_DLMM",
      pool: "HTvjzsfX3yU6BUodCjZ5vZkUrAxMDTrBs3CJaq43ashR",
      maker: "54Pz1e35z9uoFdnxtzjp7xZQoFiofqhdayQWBMN7dsuy",
      router: "DF1ow4tspfHX9JwWJsAb9epbkA8hmpSEAtxXy1V27QBH",
    },
  ],
  swap_mercurial_1: [
    {
      venue: "RAYDIUM_CLMM",
      pool: "ELzuRVw3eKw3jCe3p6Qd3BWM2P9qrQUkyJbgTLSCNAx2",
      maker: "8ojSUW4SowqwqrPZdcHfvN3ZstHqzdtrSdCpnfhm8Zka",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "3ndjN1nJVUKGrJBc1hhVpER6kWTZKHdyDrPyCJyX3CXK",
      maker: "8ojSUW4SowqwqrPZdcHfvN3ZstHqzdtrSdCpnfhm8Zka",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  swap_meteora_damm_1: [
    {
      venue: "METEORA_DAMM_V1",
      pool: "BCXjm4FfSoquZQJV5Wcje1g1pSHW2hFMU9wDE98Nyatb",
      owners: [
        "DnY3QX36kTRKqzba8Ah9VKarCSNGGbt6eDTzbst8eBfP",
        "FERjPVNEa7Udq8CEv68h6tPL46Tq7ieE49HrE2wea3XT",
      ],
      maker: "GeCCKXepkw4Mb6xbbt449d2w8DoSbyPUJ7aq7M5B5DKg",
      router: null,
    },
  ],
  swap_meteora_damm_v2_1: [
    {
      venue: "METEORA_DAMM_V2",
      pool: "BYboGb9K7YUCcWCuadmEmAVzDtPh3nJ44SfRhhRkE51t",
      maker: "HGvWwk2to7MrrSsihsHh6vRTaFVUYq8Y1JcyXU1rdqNw",
      router: null,
    },
  ],
  swap_mintech_1: [
    {
      venue: "METEORA_DBC",
      pool: "FAcaaTLLgrQpdD8cCEf5yXzA6fGRvfe6x4ii1ZEXFkPS",
      maker: "ykDH8YDTyqLaoQu9Betsb9tjHMM1HZQXdRyjnSM3szF",
      router: "minTcHYRLVPubRK8nt6sqe2ZpWrGDLQoNLipDJCGocY",
    },
  ],
  swap_nina_1: [
    {
      venue: "PUMPSWAP",
      pool: "HG8mHGdCTXv95KYvLjMa9bB5S8AxekcFe8sCFs3C8KVT",
      maker: "GxDC9e7SP9mzhDo4re5HbpLa2RW7gB9DtmThx4i4pXSq",
      router: "NinafKYvKDCH26v6uEpfDjyuDjjpbdfhiPjrJV6FTFs",
    },
    {
      venue: "METEORA_DLMM",
      pool: "BiEX9eUewkbyRoP2iZNTcEzKQy1pJH9PHU6gV9qWcKDp",
      maker: "GxDC9e7SP9mzhDo4re5HbpLa2RW7gB9DtmThx4i4pXSq",
      router: "NinafKYvKDCH26v6uEpfDjyuDjjpbdfhiPjrJV6FTFs",
    },
  ],
  swap_nova_1: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "9KSwHEeA3pPG4ECQYzmuVWwrUv5DfWJDQKVB9ov8EPEv",
      maker: "2Wss5C8j55S2N68wqNZzJHxBFYYq4rNLeQgsYAZmVjv3",
      router: "NoVA1TmDUqksaj2hB1nayFkPysjJbFiU76dT4qPw2wm",
    },
  ],
  swap_okx_dex_1: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2",
      maker: "3VM82rP993eArmKGY1J3dxZctHqmSndvuvw7Mzto67Kn",
      router: "6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma",
    },
    {
      venue: "PUMPSWAP",
      pool: "BWFZkx1pMpvwxammwTrizvoWzZZGiFEYUYW6Ee51SHLy",
      maker: "3VM82rP993eArmKGY1J3dxZctHqmSndvuvw7Mzto67Kn",
      router: "6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma",
    },
  ],
  swap_okxlabs2_via_jupiter_1: [
    {
      venue: "METEORA_DAMM_V2",
      pool: "78cSYcdcKEhfsoeHvL4LYqSQpEbEQidUUsmenktzyGp5",
      maker: "j2c3yit3sJWgGYyN9Gjvw24iaMWEPr9Qh8ohUcBrQhz",
      router: "proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u",
    },
  ],
  swap_orca_v1_1: [
    {
      venue: "RAYDIUM_CLMM",
      pool: "2AXXcN6oN9bBT5owwmTH53C7QHUXvhLeu718Kqt8rvY2",
      maker: "8oKVwqA5S2B7g2Li6yqZ4KKghpER8G1vj3bbeg8dFkSw",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  swap_orca_v2_1: [
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "HZsTF6VHdQy2W6cfEEqqpoTFKocx7Ch5c4TnWucXkAYv",
      maker: "9sceVSTJ3bysMbG2ggmhi2NBMtb7KkMAtb4rc1koFdzW",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "Hxw77h9fEx598afiiZunwHaX3vYu9UskDk9EpPNZp1mG",
      maker: "9sceVSTJ3bysMbG2ggmhi2NBMtb7KkMAtb4rc1koFdzW",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  swap_orca_whirlpool_1: [
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "6a3m2EgFFKfsFuQtP4LJJXPcAe3TQYXNyHUjjZpUxYgd",
      maker: "3eh2PwUepWpeuhZADdXADCqGNHapXobdrSkwsYdcMiRu",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  swap_pumpswap_1: [
    {
      venue: "PUMPSWAP",
      pool: "CovvHQnzBbcX5YDfvXF23eefTFVtqxLrSijbuiezguMF",
      maker: "35f43Y1q1EQuKPrDSN4KCuFCdR3oV8ahC4LxyRLYumsA",
      router: null,
    },
    {
      venue: "PUMPSWAP",
      pool: "CovvHQnzBbcX5YDfvXF23eefTFVtqxLrSijbuiezguMF",
      maker: "4reQunzDAHq7nttuigPPpmeuntKnaUoBj5dUfRCcBSsB",
      router: null,
    },
  ],
  swap_raydium_amm_1: [
    {
      venue: "RAYDIUM_CLMM",
      pool: "CYbD9RaToYMtWKA7QZyoLahnHdWq553Vm62Lh6qWtuxq",
      maker: "GGwMTvS7VanhdYehw4PZ1gpB2CrWMCFyfN8Zm8Nf54ha",
      router: "proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u",
    },
  ],
  swap_raydium_clmm_1: [
    {
      venue: "RAYDIUM_CLMM",
      pool: "7reTugaNu8cgBRMHGarwb9AW3yaMhRomMkB4sMjt39R8",
      maker: "AeBuVwhJkEbi2Wt4hbGACjrVahKUUwRKmP1CQHeMjwTS",
      router: null,
    },
  ],
  swap_raydium_cpmm_1: [
    {
      venue: "RAYDIUM_CPMM",
      pool: "BUhBYDkuGa37x1C9xQwM6zw4pZc4aV5qUN5AVR7ocJ1t",
      tokenFromUser: true,
      maker: "9Xi8kDLnfd8nWHXHWV7crFe1FmYR1uQtEnsHHPqXDU23",
      router: null,
    },
  ],
  swap_raydium_launchpad_1: [
    {
      venue: "RAYDIUM_LAUNCHLAB",
      pool: "4sNV7i2BNHYbhenTJyXNxMdfVxhvESs8sWNGyfbeNev7",
      maker: "6r1P4fWTGsK71xvaYG1PK5Kfcj2buP4MW2vFgkTXKA9M",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  swap_raydium_route_1: [
    {
      venue: "RAYDIUM_CLMM",
      pool: "8sLbNZoA1cfnvMJLPfp98ZLAnFSYCFApfJKMbiXNLwxj",
      maker: "31k2metxvXzW3rrmhe6xvrmGfY4s4fFVaaWf7qCzup15",
      router: "routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS",
    },
    {
      venue: "RAYDIUM_CLMM",
      pool: "GYqHjuDzTiw7i52Xv1qohDE6eJr6eSZpsrBVikGZyaFV",
      maker: "31k2metxvXzW3rrmhe6xvrmGfY4s4fFVaaWf7qCzup15",
      router: "routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS",
    },
  ],
  swap_raydium_v4_1: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "58fzJMbX5PatnfJPqWWsqkVFPRKptkbb5r2vCw4Qq3z9",
      vaults: ["QcN96fjobzhR2PdBNbUKZX4e9DDk6g8KgYYbYRACP99", "4JnEAJb3yVTi1PNWf3jPsX9Brrrkk8RFUGH5jVzHGE8M"],
      maker: "GTGZY9JwajyCFVN7dRPj9S9dhJn5msW17kYCZGKK2nk3",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "AB1eu2L1Jr3nfEft85AuD2zGksUbam1Kr8MR3uM2sjwt",
      vaults: [
        "4U941P9qypjiVmnekg8XGrvzgzYECBd65wmAETLwDa6u",
        "5UWmR7fkMLbqqVAHCLfDzPaLaQSZ1scqJPEDWHEhS79s",
      ],
      maker: "GTGZY9JwajyCFVN7dRPj9S9dhJn5msW17kYCZGKK2nk3",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  swap_saros_1: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "FHmjZ9z3iZDqcW9E8qRuLZvJwWb2hBhcfb7JQnekV9Bz",
      maker: "b619EzHShebQRX7oouwUD5fUo72ai8GgcMLAHkcqfG2",
      router: "MtvwNH8eijJV3Pxcak9ZzsXeX7rWiAB2QGaPz1XDpd2",
    },
    {
      venue: "RAYDIUM_CLMM",
      pool: "3G2itp6ERsvSs2UhfYMTEdX21uxVdKc71ipGQG8oGtom",
      maker: "b619EzHShebQRX7oouwUD5fUo72ai8GgcMLAHkcqfG2",
      router: "MtvwNH8eijJV3Pxcak9ZzsXeX7rWiAB2QGaPz1XDpd2",
    },
  ],
  swap_serum_v3_1: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "AVs9TA4nWDzfPJE9gGVNJMVhcQy3V9PGazuz33BfG2RA",
      maker: "MfDuWeqSHEqTFVYZ7LoexgAK9dxk7cy4DFJWjWMGVWa",
      router: null,
    },
  ],
  swap_stabble_1: [
    {
      venue: "METEORA_DAMM_V1",
      pool: "916HUQvjHzJ3UP1LgtyoVYyxhkwqbnBxPshxNKBbz5uN",
      owners: [
        "FERjPVNEa7Udq8CEv68h6tPL46Tq7ieE49HrE2wea3XT",
        "3ESUFCnRNgZ7Mn2mPPUMmXYaKU8jpnV9VtA17M7t2mHQ",
      ],
      maker: "96VWJ77yLMaTQ4xxceiJ84P8ngLmTNifWwvgjjpNo676",
      router: "proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u",
    },
    {
      venue: "METEORA_DLMM",
      pool: "BCv5Ggg5563AYfkrErdXok2hKfjgUNtQ1A4yKuNbTjQ9",
      maker: "96VWJ77yLMaTQ4xxceiJ84P8ngLmTNifWwvgjjpNo676",
      router: "proVF4pMXVaYqmy4NjniPh4pqKNfMmsihgd4wdkCX3u",
    },
  ],
  swap_stabble_weight_1: [
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "C1MgLojNLWBKADvu9BHdtgzz1oZX4dZ5zGdGcgvvW8Wz",
      maker: "7HsyYYLEP5nRMcSfkkbe1zYCW5ps951q33kPfvqr3jBL",
      router: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    },
  ],
  swap_titan_1: [
    {
      venue: "METEORA_DLMM",
      pool: "HrbhrHu5drgGXVDjTuC1KMJKp4JQZU6VuA5QS1sHsD6E",
      maker: "EmDewJpfQaxWqxthX1FUyBCCPNGt8Ac5ek4M4pnGTgxC",
      router: "T1TANpTeScyeqVzzgNViGDNrkQ6qHz9KrSBS4aNXvGT",
    },
    {
      venue: "ORCA_WHIRLPOOL",
      pool: "VY1ZQXjqBwvuWgVfTfhqanJe96GGoQrX7xZZDrWPGiT",
      maker: "EmDewJpfQaxWqxthX1FUyBCCPNGt8Ac5ek4M4pnGTgxC",
      router: "T1TANpTeScyeqVzzgNViGDNrkQ6qHz9KrSBS4aNXvGT",
    },
  ],
  swap_titan_2: [
    {
      venue: "RAYDIUM_AMM_V4",
      pool: "HL4KFTfhZZMm7NGefszQxzJ3M6CaDWE7TesyuRuQYmMJ",
      maker: "EmDewJpfQaxWqxthX1FUyBCCPNGt8Ac5ek4M4pnGTgxC",
      router: "T1TANpTeScyeqVzzgNViGDNrkQ6qHz9KrSBS4aNXvGT",
    },
    {
      venue: "RAYDIUM_CLMM",
      pool: "AjF3nNCKtz9joZX1FxkTjYjjDP8Wo2MdkyNo7acFLCFD",
      maker: "EmDewJpfQaxWqxthX1FUyBCCPNGt8Ac5ek4M4pnGTgxC",
      router: "T1TANpTeScyeqVzzgNViGDNrkQ6qHz9KrSBS4aNXvGT",
    },
    {
      venue: "METEORA_DLMM",
      pool: "4ahjvr2TN7yViD8b54S1TCC2CokRfSBYErYT3Zd7rK9u",
      maker: "EmDewJpfQaxWqxthX1FUyBCCPNGt8Ac5ek4M4pnGTgxC",
      router: "T1TANpTeScyeqVzzgNViGDNrkQ6qHz9KrSBS4aNXvGT",
    },
  ],
};
