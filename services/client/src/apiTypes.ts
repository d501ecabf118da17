/**
 * The REST API's operations as TypeScript types, generated from the OpenAPI document by
 * scripts/generateClientTypes.ts. Do not edit: run `npx tsx scripts/generateClientTypes.ts`.
 */
export interface paths {
    "/v1/meta/chains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Chains served by this deployment */
        get: operations["getV1MetaChains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pool": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Market definition
         * @description Query: chain, address (pool address or 32-byte pool id). Unknown pool: 404. The body equals the slot data of POST /v1/pool.
         */
        get: operations["getV1Pool"];
        put?: never;
        /**
         * Market definitions, batch
         * @description Slots in input order: { data: <market definition> } or { error }: NOT_FOUND for an unknown pool, INVALID_PARAM for a malformed item (address, a field of the wrong type, an unknown field); the list's own bounds are a 400 for the whole call. A slot is never null.
         */
        post: operations["postV1Pool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pool/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Market data
         * @description Price, liquidity, market cap (capped as on GET /v1/token), latest trade time and the stats windows (same fields as token stats) of one market.
         */
        get: operations["getV1PoolData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pool/ohlcv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Market candles
         * @description Same parameters and rules as GET /v1/token/ohlcv for one market (no pools). Each candle opens at the previous candle's close across pages; page back with endTime = oldestTime - 1 while hasMore. Settled pages (ending over an hour ago, with endTime given) are immutable and served with Cache-Control immutable. Wick-outlier clamping: a candle with at most two trades (its wick rests on a single print) has its high capped at max(open, close) x 1.25 and its low raised to min(open, close) / 1.25; open, close, volumes and trades are never changed, and the rule reads only the candle itself, so a candle is the same on every page. Unknown pool: 404.
         */
        get: operations["getV1PoolOhlcv"];
        put?: never;
        /**
         * Market candles, batch
         * @description Each slot is identical to GET /v1/pool/ohlcv of that market with the shared options ({ data, interval, count, oldestTime, newestTime, hasMore, nextEndTime?, pools }) or { error }: NOT_FOUND for an unknown market, INVALID_PARAM for a malformed item (address, a field of the wrong type, an unknown field), from after endTime, endTime over a day ahead, or quote=usd on a chain without USD history. An unknown interval is a 400 for the whole call.
         */
        post: operations["postV1PoolOhlcv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pool/top-traders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Market top traders
         * @description The wallets that traded the market in the window, ranked, from per-wallet rollups kept by ingest (minute, hour and day buckets). Windowed rankings serve winRatePct, positionValue*, unrealizedPnl* and totalPnl* as null; realizedPnlNative is the window's net native cashflow (sold minus bought). USD is priced as meta.usdBasis says: the current native price on EVM (spot), the SOL price of each trade on Solana (trade). meta.traderCount counts the distinct wallets of the window. Unknown pool: 404.
         */
        get: operations["getV1PoolTopTraders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pool/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Market trades
         * @description Keyset pages over (at, block, logIndex, id): keep passing meta.nextCursor until hasMore is false; cursors never skip or repeat a trade. With filters a page looks at a bounded scan window (10,000 trades), so it may hold fewer than limit rows while hasMore is true. Filters: maker, side, minAmountToken, minVolumeNative, minVolumeUsd, order, wash (Solana), include=traderTxCounts. Unknown pool: 404.
         */
        get: operations["getV1PoolTrades"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pools/sparklines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Market sparklines, batch
         * @description 1 to 100 markets across chains; data maps each pool address to its points. A malformed item is a 400 naming it. Timeframes (points x interval): 1m 30x2s, 5m 30x10s, 30m 30x1min, 1h 30x2min, 24h 24x1h (default), 7d 28x6h. Each point is the close of its interval, carried over intervals without trades. Without timestamps every answer is the full grid of bare numbers (intervals before a young market's first trade carry that first traded price); with timestamps: true each point is { at, value } (at = interval start, ms) and points start at the first interval with a known price. A market with no data gives [], and so does an unknown one, which is not billed; a market listed twice is answered and billed once. quote=usd is Solana only (each point at the SOL/USD rate of its own time): with an EVM item the call is a 400.
         */
        post: operations["postV1PoolsSparklines"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/prices/native": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Native coin prices
         * @description Keyed by chain id: symbol, priceUsd, source, stale (latest price older than 5 minutes), updatedAt (minute of the latest price, ms). Chains without any price are left out.
         */
        get: operations["getV1PricesNative"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pulse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Launchpad lifecycle views
         * @description Launchpad tokens of the listed chains in one of three views (new, bonding, graduated). Each row follows GET /v1/token's rules: best pool, liquidity across markets, bonding progress from the same launchpad registry, graduatedAt from the migration event.
         */
        get: operations["getV1Pulse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/screener": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Screener
         * @description The most active markets of each chain, quality-filtered, with cursor pagination.
         *
         *     Universe: per chain, every 5 s, the top 500 markets by 24 h USD volume plus the top 100 by 1 h USD volume among markets that pass the quality filters: the traded token is not a stablecoin, the native coin or its wrapped form; USD liquidity at least 1,000 (else drained); not wash-traded (30 or more trades in 24 h with fewer than 1 distinct maker per 10 trades, or half its trades flagged wash by the ingest); a known, non-zero 24 h USD volume. Windows are minute-aligned (the 5m window is the current minute and the 4 before it).
         *
         *     sortBy=trending ranks on sqrt(volume24hUsd × distinct makers over 24 h) × (1 − share of 24 h trades flagged wash): volume from many wallets ranks above the same volume from few.
         *
         *     Filters (filter tree and flat filters) run on the whole universe before the page is cut; a market whose value is unknown never passes a numeric bound (the tree is evaluated in three-valued logic, so not even through NOT); text comparisons ignore case. The filter tree is bounded: 8 levels of groups, 128 conditions, 100 values per in, 200 characters per text, 8,192 characters in all.
         *
         *     Cursors: a cursor pins the universe computation of each chain its walk started on; computations are kept 120 s, so every page of a walk started within the last minute comes from the same figures. A cursor whose computation expired gives 400 INVALID_PARAM with details.param = cursor and details.reason = expired; another view's cursor gives details.reason = other_view.
         *
         *     sortBy=createdAt lists the newest markets of exactly one chain (its 1,000 newest, every market counted), identity, price and market cap only, and takes no filter.
         */
        get: operations["getV1Screener"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/screener/pools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Screener (pools)
         * @description The most active markets of each chain, quality-filtered, with cursor pagination.
         *
         *     Universe: per chain, every 5 s, the top 500 markets by 24 h USD volume plus the top 100 by 1 h USD volume among markets that pass the quality filters: the traded token is not a stablecoin, the native coin or its wrapped form; USD liquidity at least 1,000 (else drained); not wash-traded (30 or more trades in 24 h with fewer than 1 distinct maker per 10 trades, or half its trades flagged wash by the ingest); a known, non-zero 24 h USD volume. Windows are minute-aligned (the 5m window is the current minute and the 4 before it).
         *
         *     sortBy=trending ranks on sqrt(volume24hUsd × distinct makers over 24 h) × (1 − share of 24 h trades flagged wash): volume from many wallets ranks above the same volume from few.
         *
         *     Filters (filter tree and flat filters) run on the whole universe before the page is cut; a market whose value is unknown never passes a numeric bound (the tree is evaluated in three-valued logic, so not even through NOT); text comparisons ignore case. The filter tree is bounded: 8 levels of groups, 128 conditions, 100 values per in, 200 characters per text, 8,192 characters in all.
         *
         *     Cursors: a cursor pins the universe computation of each chain its walk started on; computations are kept 120 s, so every page of a walk started within the last minute comes from the same figures. A cursor whose computation expired gives 400 INVALID_PARAM with details.param = cursor and details.reason = expired; another view's cursor gives details.reason = other_view.
         *
         *     sortBy=createdAt lists the newest markets of exactly one chain (its 1,000 newest, every market counted), identity, price and market cap only, and takes no filter.
         */
        get: operations["getV1ScreenerPools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search tokens and markets
         * @description Exact address matches first (a token's address, then a market's address or pool id, giving the token it trades), then tokens whose symbol or name matches the keyword. Text matches are ranked by an index each query shard rebuilds from the store every 30 s or more (meta.indexedAt), so a token stored since then is found by address only; the rows' figures are read at request time.
         */
        get: operations["getV1Search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Token details
         * @description The token snapshot: best pool (canonical ranking: liquidity, then latest trade, then age), launchpad block, deployer (the launchpad pool's creator when there is one), all-time highs, 24h stats and metadata. marketCapUsd and fdvUsd are price x total supply, capped at 10,000 x liquidityUsd and at 10^13 USD.
         */
        get: operations["getV1Token"];
        put?: never;
        /**
         * Token details, batch
         * @description 1 to 100 tokens, chains mixed. Each slot is the body of GET /v1/token or { error } for that token alone.
         */
        post: operations["postV1Token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/token/dev-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deployer track record
         * @description The tokens created by a deployer, newest recorded token creation first (a token without one last), each with its verdict, and the deployer's figures. Give `address` (a token: its deployer is resolved through its launchpad market's creator, else the token's recorded deployer, the creating transaction's sender or the launchpad factory call's; never a migration's sender; that token is left out of the rows and the stats) or `wallet` (the deployer), not both. Verdicts read the liquidity lows ingest keeps for each market during its token's first week (USD at the native rate of the time of each observation, one per ingested range), judged on the token's best pool at request time. stats count every token of the deployer; a deployer with more than 10,000 tokens is judged on the returned page alone (meta.truncated true; stats.totalTokens stays the true count). An unknown token: 404 NOT_FOUND. A token whose deployer is unknown: no rows, meta.deployer and meta.stats null.
         */
        get: operations["getV1TokenDevTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/token/holders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Token holders
         * @description Top holders of a token, largest balance first, with their amount, share of supply and tags, and the holder count (positive balances). Balances are kept by ingest from each chain's own records: on EVM the token's Transfer logs since its creation (equal to balanceOf); on Solana every transaction's pre/post token balances since the token's first market was seen (an owner's token accounts summed; accounts that never moved since are not counted). A token with a market whose balances are not tracked yet answers holderCount null and no rows. Keep passing meta.nextCursor until hasMore is false (exact keyset: never skips or repeats a holder). Unknown token: 404 NOT_FOUND.
         */
        get: operations["getV1TokenHolders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/token/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Token metadata
         * @description Socials, icon, header and description from the token's metadata document (the URI recorded from Metaplex and Token-2022 metadata on Solana, and on EVM from a launchpad's creation event where it records one), fetched by the jobs service through the configured IPFS/Arweave gateways and refreshed daily; the same block as GET /v1/token's metadata. dexPaid and dexPaidAt come from a dex-paid provider and are null when none is configured. A field the document does not give is null. Unknown token: 404 NOT_FOUND.
         */
        get: operations["getV1TokenMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/token/ohlcv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Token candles
         * @description Default market: the pricing pool (rank 1 of GET /v1/token/pools), with a graduated token's bonding-curve history stitched in front; `pools` aggregates up to 50 markets of the token instead. Intervals 1s to 1M (aliases accepted; meta.interval is canonical); 1w buckets start Thursday 00:00 UTC, 1M buckets are UTC calendar months. fill=true (default) serves flat zero-volume candles in gaps up to the present. endTime/from are unix seconds (ms accepted). meta.nextEndTime appears when a page holds fewer than limit candles while history remains, and points at a candle with trades. Wick-outlier clamping: a candle with at most two trades (its wick rests on a single print) has its high capped at max(open, close) x 1.25 and its low raised to min(open, close) / 1.25; open, close, volumes and trades are never changed, and the rule reads only the candle itself, so a candle is the same on every page. The EVM native coin: 400. 404: unknown token (no market), or a listed pool unknown; a listed pool trading another token: 400.
         */
        get: operations["getV1TokenOhlcv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/token/pools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Markets of a token
         * @description Rank 1 is the pool the token is priced from; the others follow by 24h volume, then liquidity.
         */
        get: operations["getV1TokenPools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/token/price": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Token price
         * @description Price of the token in its pricing pool, with market cap (same cap as GET /v1/token) and liquidity.
         */
        get: operations["getV1TokenPrice"];
        put?: never;
        /**
         * Token prices, batch
         * @description 1 to 100 tokens, chains mixed; one slot per token in input order, { error } slots for failing tokens.
         */
        post: operations["postV1TokenPrice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/token/security": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Token security
         * @description Facts read from the chain's node and kept for 10 minutes: Solana mint and freeze authorities and Token-2022 extensions from the mint account; EVM owner(), mint/pause/blacklist functions found in the code (behind EIP-1967/EIP-1167 proxies, the implementation's), the proxy admin, the LP share held by burn addresses and a buy-then-sell simulation (eth_call with state overrides) through the token's Uniswap V2-style pool. Launch snipers and bundlers are counted by the trader label rules. Every figure is null when unknown: no node configured for the chain, no suitable pool, or (holder shares, top-10 concentration, locked LP) data not recorded yet. An unknown token answers 404 NOT_FOUND.
         */
        get: operations["getV1TokenSecurity"];
        put?: never;
        /**
         * Token security, batch
         * @description 1 to 100 tokens, chains mixed; one slot per token in input order, { error } slots for failing tokens. Facts read from the chain's node and kept for 10 minutes: Solana mint and freeze authorities and Token-2022 extensions from the mint account; EVM owner(), mint/pause/blacklist functions found in the code (behind EIP-1967/EIP-1167 proxies, the implementation's), the proxy admin, the LP share held by burn addresses and a buy-then-sell simulation (eth_call with state overrides) through the token's Uniswap V2-style pool. Launch snipers and bundlers are counted by the trader label rules. Every figure is null when unknown: no node configured for the chain, no suitable pool, or (holder shares, top-10 concentration, locked LP) data not recorded yet. An unknown token answers 404 NOT_FOUND.
         */
        post: operations["postV1TokenSecurity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/token/sparklines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token sparklines, batch
         * @description Body: tokens (1 to 100 { chain, address }), timeframe, quote, timestamps. Each token's pricing pool (rank 1 of its pools) is resolved at request time; data maps each token address to its points. Timeframes (points x interval): 1m 30x2s, 5m 30x10s, 30m 30x1min, 1h 30x2min, 24h 24x1h (default), 7d 28x6h. Each point is the close of its interval, carried over intervals without trades. Without timestamps every answer is the full grid of bare numbers (intervals before a young market's first trade carry that first traded price); with timestamps: true each point is { at, value } (at = interval start, ms) and points start at the first interval with a known price. A market with no data gives [], and so does an unknown one, which is not billed; a market listed twice is answered and billed once. quote=usd is Solana only (each point at the SOL/USD rate of its own time): with an EVM item the call is a 400.
         */
        post: operations["postV1TokenSparklines"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/token/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Token stats
         * @description Per window: volumeNative, volumeUsd (trade-time SOL rate on Solana, spot on EVM), buy and sell volumes and counts, txns, distinct makers, priceChangePct (latest price against the last price before the window; token-wide it is read on the pricing pool). A listed pool that does not trade the token gives 400, an unknown one 404.
         */
        get: operations["getV1TokenStats"];
        put?: never;
        /**
         * Token stats, batch
         * @description 1 to 25 tokens, each optionally restricted to `pools`; `windows` is shared. One slot per token in input order.
         */
        post: operations["postV1TokenStats"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/token/top-traders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Token top traders
         * @description The wallets that traded the token, summed across its markets (meta.pools, at most 200 by native liquidity) from the trader rollups kept by ingest, ranked as market top traders are. timeframe=all (default) ranks the token's whole life and fills the position figures: openTokens (bought minus sold, floored at 0) valued at the token's current price on its main pool (positionValue*), unrealizedPnl* (that value minus the open tokens at avgBuyPriceNative), totalPnl* (the lifetime native cashflow realizedPnlNative plus the position value), USD at the current native price; winRatePct is the wallet's share of won tokens among those it bought and sold in the last 90 days (the badge job's judgement, null until judged). Tokens moved by transfers are not seen: the position is what the wallet's trades left open. Windowed timeframes serve these figures as null. Unknown token (no stored market): 404.
         */
        get: operations["getV1TokenTopTraders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/token/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Token trades
         * @description Every market of the token, or those listed in `pools`; same rows, cursor and filters as GET /v1/pool/trades.
         */
        get: operations["getV1TokenTrades"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current month usage of the account
         * @description Figures of the current UTC calendar month for the whole account of the calling key: credits used, usable now and in total, and requests. Live (read from the billing counters). Takes no parameters. Costs 0 credits and answers even for suspended accounts.
         */
        get: operations["getV1Usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage/breakdown": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage per endpoint
         * @description Requests, credits and errors per endpoint, stream channels included (`stream:trades`, ...), for the calling key, or with `scope=account` for every key of its account. Sorted by credits, then requests, descending; endpoints without traffic in the range are absent. Costs 0 credits.
         */
        get: operations["getV1UsageBreakdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage time series
         * @description Requests, credits and errors per time bucket (`15m`, `1h`, `6h`, `1d`) for the calling key, or with `scope=account` for every key of its account. Every bucket of the range is present, oldest first; a bucket without traffic has zeros. At most 1000 buckets per call. Stream channels are included. Costs 0 credits.
         */
        get: operations["getV1UsageHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/closed-positions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet closed positions
         * @description Every token the wallet bought and whose bag its sells emptied, with the whole history's totals and realized PnL (average cost; tokens sold beyond what was bought realize nothing). A token bought back later is an open position again and its realized PnL moves there (GET /v1/wallet/positions), so it is counted once. USD at the SOL price of each trade on Solana, at the current native price on EVM. Without chain, every EVM chain the deployment indexes is merged (a Solana wallet needs chain=solana). Pages are cut from a snapshot kept a minute (meta.asOf), so offsets within it never skip or repeat a row.
         */
        get: operations["getV1WalletClosedPositions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/equity/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet equity history
         * @description A wallet's value in USD over time on one chain, from its recorded balance changes (EVM: the Transfer logs of every token with a market, and wrapped native deposits and withdrawals; Solana: every transaction's token balances of every token with a market). The value at a point is the wallet's balances at the end of that minute, each token valued at the close of its main pool's last trade up to then (in native) times that minute's native/USD rate (the latest stored within the hour before); USD stablecoins at face value, wrapped SOL as SOL. A held token of unknown price is left out of the value and listed in meta.unvaluedTokens, never counted as zero. The native coin: on Solana the wallet's own SOL from its logged lamports once known (meta.nativeKnownFrom, meta.nativeIncluded); not on EVM. Not counted: balances that move without a log (rebasing tokens), tokens without a market of their own (a token only ever quoted, such as a stablecoin, is not tracked), and on Solana a token before the first transaction that moved it after its tracking began. from defaults to 24 hours before to; to defaults to now; both are rounded down to the minute, and the range is at most 366 days. The points end at to and step back by meta.intervalMs, the finest of 1 min, 5 min, 15 min, 1 h, 4 h and 1 d that keeps at most 500 points (24 hours: every 5 minutes). Times in unix milliseconds; a value in seconds gives 400. 1 credit per call (one chain queried).
         */
        get: operations["getV1WalletEquityHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/funding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet funding
         * @description The earliest native transfer into the wallet that funded it, recorded by ingest: a transfer counts when the receiving account held nothing before its transaction (its creation), so a wallet older than the indexed history has none (404). Solana: the system program's transfers of each transaction, inner instructions included. EVM: the first block where the wallet's balance is above zero, and in it the transaction paying it value (top-level), else the internal call paying it where the node serves call traces; without traces a wallet funded only by an internal transfer has no funding recorded. funderTag names the exchange or bridge of the funder from the shipped label set and FUNDER_TAGS. Unknown funding: 404 NOT_FOUND.
         */
        get: operations["getV1WalletFunding"];
        put?: never;
        /**
         * Wallet funding, batch
         * @description One slot per item in input order: { data } as GET /v1/wallet/funding answers it, or { error } for that item alone (NOT_FOUND without a recorded funding, INVALID_PARAM for a malformed wallet or chain). At most 100 items, of them at most 20 on Solana (a 400 naming items for the whole call). The earliest native transfer into the wallet that funded it, recorded by ingest: a transfer counts when the receiving account held nothing before its transaction (its creation), so a wallet older than the indexed history has none (404). Solana: the system program's transfers of each transaction, inner instructions included. EVM: the first block where the wallet's balance is above zero, and in it the transaction paying it value (top-level), else the internal call paying it where the node serves call traces; without traces a wallet funded only by an internal transfer has no funding recorded. funderTag names the exchange or bridge of the funder from the shipped label set and FUNDER_TAGS.
         */
        post: operations["postV1WalletFunding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/pnl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet PnL curve
         * @description A wallet's daily PnL over UTC days from from to to (at most 366 days; default the last 30): per day the PnL its sells realized and the unrealized PnL of its open bags at the day's close, with the same average-cost rules as positions and closed positions (bags reset by a full exit; tokens sold beyond what was bought realize nothing; the native coin traded as a pool's base carries none). A bag is valued at its token's main pool close of the day (the last trade on or before it, in native) without price impact, unlike positions' amountUsd. The summary sums the days' realized PnL, takes the last day's unrealized, and counts wins and losses per token over the days (win rate). usdBasis as on positions: spot on EVM, trade on Solana. Times in unix milliseconds; a value in seconds gives 400.
         */
        get: operations["getV1WalletPnl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/positions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet positions
         * @description Holdings read from the chain's node at request time (meta.asOf; a trade of the wallet refreshes them within seconds) with the cost basis of the wallet's trades: an average-cost bag per token that restarts after a full exit, realized PnL over the token's whole history (a token is either an open position here or a closed position, never both), unrealized PnL of the bag's part of the balance. Rows are sorted by amountUsd (unknown last). Holdings the wallet received without trading carry no PnL and are listed only when their main pool holds at least 1,000 USD of reserves; a fully sold token's residual balance is listed with buys and sells 0. On EVM the holdings read are the native coin and every token the wallet traded, the chain's stablecoins and the tokens asked for; on Solana every token account. When the node cannot answer: 503 HOLDINGS_UNAVAILABLE with Retry-After, never a page with holdings missing.
         */
        get: operations["getV1WalletPositions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet profile
         * @description A wallet's public identity: verified on-chain names (ENS with forward check, Basenames on Base, SNS favourite domain) and the deployment's social identity records. A wallet without known identity answers a null profile (and, on the single call, `linkedWallets: []`); identities are harvested continuously, so a null is not permanent.
         */
        get: operations["getV1WalletProfile"];
        put?: never;
        /**
         * Wallet profiles, batch
         * @description 1 to 100 addresses, EVM and Solana mixed; one slot per address in input order, { data: null } for a wallet without known identity (billed: it is an answer), { error } for a malformed item (not billed). A wallet's public identity: verified on-chain names (ENS with forward check, Basenames on Base, SNS favourite domain) and the deployment's social identity records. A wallet without known identity answers a null profile (and, on the single call, `linkedWallets: []`); identities are harvested continuously, so a null is not permanent.
         */
        post: operations["postV1WalletProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/swaps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet swaps
         * @description One row per transaction, newest first: what the wallet sent and received (its net balance changes of the route's end assets) and the route. Keep passing meta.nextCursor until hasMore is false; from and to combine with cursor, beforeAt applies to the first page. fromAt and beforeAt are the former names of the bounds: one name per bound.
         */
        get: operations["getV1WalletSwaps"];
        put?: never;
        /**
         * Wallet swaps, batch
         * @description One slot per item in input order: { data, hasMore, nextCursor, oldestAt, usdBasis } exactly as GET /v1/wallet/swaps of that wallet with the shared options, or { error } for that item alone (INVALID_PARAM for a malformed wallet, an unknown chain, a bad cursor, a field of the wrong type or an unknown field; the list's own bounds are a 400 for the whole call). Each wallet paginates independently with its own cursor; beforeAt is ignored for an item that carries one.
         */
        post: operations["postV1WalletSwaps"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet trades
         * @description One event per transaction, token and side: the legs of a multi-hop merged (amounts and volumes summed once), tokens a route only passes through left out. EVM rows carry priceNative, volumeNative, block and logIndex, and meta.oldestAt feeds the next beforeAt (at most limit events a page; a page ending inside a millisecond gives oldestAt a fraction so the next page starts exactly after it); Solana rows carry tokenSymbol, priceUsd and maker, and beforeAt is refused there.
         */
        get: operations["getV1WalletTrades"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: {
                /** @enum {string} */
                code: "INVALID_PARAM" | "NOT_FOUND" | "PAYMENT_REQUIRED" | "QUOTA_EXCEEDED" | "FORBIDDEN" | "RATE_LIMITED" | "UNAUTHORIZED" | "PAYLOAD_TOO_LARGE" | "UNAVAILABLE" | "HOLDINGS_UNAVAILABLE" | "INTERNAL";
                /** @description machine-readable context: param (INVALID_PARAM), action (402/403), retryAfterMs */
                details?: Record<string, never>;
                /** @description for humans; may change */
                message: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description credits the account can use now, shared by all its keys */
        CreditsRemaining: number;
        /** @description seconds to wait before retrying */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getV1MetaChains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description chain id: evm:<EIP-155 chain id> or solana */
                            chain: string;
                            /** @enum {string} */
                            family: "evm" | "solana";
                            name: string;
                            nativeSymbol: string;
                            slug: string;
                            /** @description e.g. live */
                            status: string;
                        }[];
                        meta: {
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1Pool: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            address: string;
                            bondingProgress: number | null;
                            chain: string;
                            createdAt: number | null;
                            exchange: {
                                logo: string | null;
                                name: string;
                            };
                            factory: string | null;
                            feeBps: number | null;
                            isLaunchpad: boolean;
                            launchpad: string | null;
                            liquidityNative: string | null;
                            migrated: boolean;
                            priceNative: string | null;
                            quote: {
                                address: string;
                                symbol: string | null;
                            };
                            token: {
                                address: string;
                                decimals: number | null;
                                name: string | null;
                                symbol: string | null;
                                totalSupply: string | null;
                            };
                            type: string;
                        };
                        meta: {
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1Pool: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    items: {
                        /** @description address */
                        address: string;
                        /** @description chain id */
                        chain: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description one slot per input item, in input order */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            data: {
                                address: string;
                                bondingProgress: number | null;
                                chain: string;
                                createdAt: number | null;
                                exchange: {
                                    logo: string | null;
                                    name: string;
                                };
                                factory: string | null;
                                feeBps: number | null;
                                isLaunchpad: boolean;
                                launchpad: string | null;
                                liquidityNative: string | null;
                                migrated: boolean;
                                priceNative: string | null;
                                quote: {
                                    address: string;
                                    symbol: string | null;
                                };
                                token: {
                                    address: string;
                                    decimals: number | null;
                                    name: string | null;
                                    symbol: string | null;
                                    totalSupply: string | null;
                                };
                                type: string;
                            };
                        } | {
                            error: {
                                code: string;
                                message: string;
                            };
                        })[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body exceeds the size bound */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1PoolData: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                /** @description stats windows among 5m, 1h, 6h, 24h (default: all); comma-separated, 1 to 4 items */
                windows?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            address: string;
                            chain: string;
                            lastTradeAt: number | null;
                            liquidityNative: string | null;
                            liquidityUsd: number | null;
                            marketCapUsd: number | null;
                            priceNative: string | null;
                            priceUsd: number | null;
                            quoteAddress: string;
                            tokenAddress: string;
                            /** @enum {string} */
                            usdBasis: "spot" | "trade";
                            windows: {
                                "1h"?: {
                                    buys: number;
                                    buyVolumeNative: number;
                                    /** @description distinct makers */
                                    makers: number;
                                    priceChangePct: number | null;
                                    sells: number;
                                    sellVolumeNative: number;
                                    txns: number;
                                    volumeNative: number;
                                    volumeUsd: number | null;
                                };
                                "5m"?: {
                                    buys: number;
                                    buyVolumeNative: number;
                                    /** @description distinct makers */
                                    makers: number;
                                    priceChangePct: number | null;
                                    sells: number;
                                    sellVolumeNative: number;
                                    txns: number;
                                    volumeNative: number;
                                    volumeUsd: number | null;
                                };
                                "6h"?: {
                                    buys: number;
                                    buyVolumeNative: number;
                                    /** @description distinct makers */
                                    makers: number;
                                    priceChangePct: number | null;
                                    sells: number;
                                    sellVolumeNative: number;
                                    txns: number;
                                    volumeNative: number;
                                    volumeUsd: number | null;
                                };
                                "24h"?: {
                                    buys: number;
                                    buyVolumeNative: number;
                                    /** @description distinct makers */
                                    makers: number;
                                    priceChangePct: number | null;
                                    sells: number;
                                    sellVolumeNative: number;
                                    txns: number;
                                    volumeNative: number;
                                    volumeUsd: number | null;
                                };
                            };
                        };
                        meta: {
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1PoolOhlcv: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                /** @description inclusive upper bound on candle time, at most one day ahead; unix seconds (a millisecond value, >= 10^11, is accepted and normalized) */
                endTime?: number;
                /** @description true: flat zero-volume candles in gaps; false: only traded buckets */
                fill?: boolean;
                /** @description inclusive lower bound on candle time; scans stop there; unix seconds (a millisecond value, >= 10^11, is accepted and normalized) */
                from?: number;
                /** @description candle interval; aliases 7d=1w, 30d=1M, 1min, 5min, 15min, 30min, 60=1h. meta.interval echoes the canonical key */
                interval?: "1s" | "5s" | "15s" | "30s" | "1m" | "3m" | "5m" | "15m" | "30m" | "1h" | "2h" | "4h" | "6h" | "12h" | "1d" | "1w" | "1M" | "60" | "7d" | "30d" | "1min" | "5min" | "15min" | "30min";
                limit?: number;
                /** @description usd: Solana only (each candle at its own window's SOL/USD rate) */
                quote?: "native" | "usd";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description close price; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                            close: number | null;
                            /** @description high price; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                            high: number | null;
                            /** @description low price; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                            low: number | null;
                            /** @description open price; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                            open: number | null;
                            /** @description unix seconds, bucket start */
                            time: number;
                            trades: number;
                            /** @description volume in the quote; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                            volume: number | null;
                            volumeToken: number;
                        }[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                            count: number;
                            hasMore: boolean;
                            interval: string;
                            newestTime: number | null;
                            nextEndTime?: number;
                            oldestTime: number | null;
                            pools: string[];
                            /** @enum {string} */
                            quote: "native" | "usd";
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1PoolOhlcv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    fill?: boolean;
                    /** @default 5m */
                    interval?: string;
                    items: {
                        address: string;
                        chain: string;
                        endTime?: number;
                        from?: number;
                    }[];
                    /** @default 200 */
                    limit?: number;
                    /**
                     * @default native
                     * @enum {string}
                     */
                    quote?: "native" | "usd";
                };
            };
        };
        responses: {
            /** @description one slot per input item, in input order */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            count: number;
                            data: {
                                /** @description close price; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                                close: number | null;
                                /** @description high price; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                                high: number | null;
                                /** @description low price; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                                low: number | null;
                                /** @description open price; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                                open: number | null;
                                /** @description unix seconds, bucket start */
                                time: number;
                                trades: number;
                                /** @description volume in the quote; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                                volume: number | null;
                                volumeToken: number;
                            }[];
                            hasMore: boolean;
                            interval: string;
                            newestTime: number | null;
                            nextEndTime?: number;
                            oldestTime: number | null;
                            pools: string[];
                        } | {
                            error: {
                                code: string;
                                message: string;
                            };
                        })[];
                        meta: {
                            asOf: number;
                            interval: string;
                            /** @enum {string} */
                            quote: "native" | "usd";
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body exceeds the size bound */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1PoolTopTraders: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                limit?: number;
                order?: "desc" | "asc";
                /** @description pnl: realizedPnlNative; bought: boughtNative; sold: soldNative; txns: buys + sells. Ties, and the wallets without a known native figure (last in either order), go by wallet address in the order's direction */
                sortBy?: "pnl" | "bought" | "sold" | "txns";
                /** @description the window: trades from the minute holding now minus the timeframe up to now (at most a minute longer than its length) */
                timeframe?: "1h" | "4h" | "1d" | "7d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description the wallet (the trades' resolved maker) */
                            address: string;
                            /** @description native bought over whole tokens bought; null without buys in the window */
                            avgBuyPriceNative: number | null;
                            /** @description native value bought; null when a trade of the window has no known native value (or, on Solana, USD rate) */
                            boughtNative: number | null;
                            /** @description whole tokens bought in the window; null when decimals are unknown */
                            boughtTokens: string | null;
                            /** @description USD bought, priced as meta.usdBasis says; null when a trade of the window has no known native value (or, on Solana, USD rate) */
                            boughtUsd: number | null;
                            buys: number;
                            /** @description first trade in the window */
                            firstTradeAt: number;
                            /** @description the wallet created the token (launchpad creator, token deployer); null when the creator is unknown */
                            isDev: boolean | null;
                            /** @description wallet badge; null until the wallet's badges are computed */
                            isProTrader: boolean | null;
                            /** @description bought in the first seconds or blocks of the token's first market (see the labels README); null when the token has no stored market */
                            isSniper: boolean | null;
                            /** @description last trade in the window */
                            lastTradeAt: number;
                            /** @description bought minus sold in the window, floored at 0 (tokens sold beyond it came from earlier buys) */
                            openTokens: string | null;
                            /** @description value of the open position; null on windowed rankings (filled by token top traders with timeframe=all) */
                            positionValueNative: number | null;
                            /** @description value of the open position; null on windowed rankings (filled by token top traders with timeframe=all) */
                            positionValueUsd: number | null;
                            /** @description 1-based position in this ranking */
                            rank: number;
                            /** @description net native cashflow over the window: sold minus bought; null when a trade of the window has no known native value (or, on Solana, USD rate) */
                            realizedPnlNative: number | null;
                            /** @description net USD cashflow over the window; null when a trade of the window has no known native value (or, on Solana, USD rate) */
                            realizedPnlUsd: number | null;
                            sells: number;
                            /** @description native value sold; null when a trade of the window has no known native value (or, on Solana, USD rate) */
                            soldNative: number | null;
                            /** @description whole tokens sold in the window */
                            soldTokens: string | null;
                            /** @description USD sold; null when a trade of the window has no known native value (or, on Solana, USD rate) */
                            soldUsd: number | null;
                            /** @description total PnL; null on windowed rankings (filled by token top traders with timeframe=all) */
                            totalPnlNative: number | null;
                            /** @description total PnL; null on windowed rankings (filled by token top traders with timeframe=all) */
                            totalPnlUsd: number | null;
                            /** @description unrealized PnL; null on windowed rankings (filled by token top traders with timeframe=all) */
                            unrealizedPnlNative: number | null;
                            /** @description unrealized PnL; null on windowed rankings (filled by token top traders with timeframe=all) */
                            unrealizedPnlUsd: number | null;
                            /** @description share of profitable closed positions; null on windowed rankings (filled by token top traders with timeframe=all) */
                            winRatePct: number | null;
                        }[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                            /** @enum {string} */
                            order: "desc" | "asc";
                            /** @enum {string} */
                            sortBy: "pnl" | "bought" | "sold" | "txns";
                            /** @enum {string} */
                            timeframe: "1h" | "4h" | "1d" | "7d" | "30d";
                            /** @description distinct wallets that traded the market in the window */
                            traderCount: number;
                            /** @enum {string} */
                            usdBasis: "spot" | "trade";
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1PoolTrades: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                /** @description opaque, from meta.nextCursor */
                cursor?: string;
                /** @description inclusive lower bound; unix milliseconds. A positive value below 10^11 is read as seconds and refused with 400. */
                fromAt?: number;
                /** @description opt-in fields: traderTxCounts adds traderTxCount (the maker's trade count on the tape's markets) to each row; comma-separated, 1 to 1 items */
                include?: string;
                limit?: number;
                /** @description participant address: only this maker's trades */
                maker?: string;
                /** @description minimum amount in whole tokens */
                minAmountToken?: number;
                /** @description minimum value in the native coin */
                minVolumeNative?: number;
                /** @description minimum value in USD (priced like volumeUsd) */
                minVolumeUsd?: number;
                /** @description desc: newest first; asc: oldest first. A cursor belongs to its order. */
                order?: "desc" | "asc";
                /** @description only buys or only sells */
                side?: "buy" | "sell";
                /** @description inclusive upper bound; unix milliseconds. A positive value below 10^11 is read as seconds and refused with 400. At most 7 days ahead. */
                toAt?: number;
                /** @description Solana only: washOnly keeps only wash trades, excludeWash drops them */
                wash?: "washOnly" | "excludeWash";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            amountQuote: number | null;
                            amountToken: number | null;
                            /** @description unix milliseconds */
                            at: number;
                            block: number;
                            feesNative: number | null;
                            id: string;
                            isBuy: boolean;
                            /** @description the maker's proTrader badge (rules in the traders README); null until the badge job has judged the wallet */
                            isProTrader: boolean | null;
                            /** @description the maker bought in the first seconds or blocks of the token's first market; null when that market is unknown */
                            isSniper: boolean | null;
                            isWash: boolean | null;
                            logIndex: number;
                            maker: string;
                            poolAddress: string;
                            preconfirmed: boolean;
                            priceNative: number | null;
                            priceUsd: number | null;
                            quoteToken: {
                                address: string;
                                decimals: number | null;
                                name: string | null;
                                symbol: string | null;
                            };
                            /** @description with include=traderTxCounts: the maker's trade count on the tape's markets */
                            traderTxCount?: number;
                            txHash: string;
                            volumeNative: number | null;
                            volumeUsd: number | null;
                        }[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                            hasMore: boolean;
                            nextCursor: string | null;
                            /** @enum {string} */
                            usdBasis: "spot" | "trade";
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1PoolsSparklines: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    markets: {
                        /** @description address */
                        address: string;
                        /** @description chain id */
                        chain: string;
                    }[];
                    /**
                     * @default native
                     * @enum {string}
                     */
                    quote?: "native" | "usd";
                    /**
                     * @default 24h
                     * @enum {string}
                     */
                    timeframe?: "1m" | "5m" | "30m" | "1h" | "24h" | "7d";
                    /** @default false */
                    timestamps?: boolean;
                };
            };
        };
        responses: {
            /** @description one slot per input item, in input order */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: (number | {
                                at: number;
                                value: number;
                            })[];
                        };
                        meta: {
                            asOf: number;
                            /** @enum {string} */
                            quote: "native" | "usd";
                            timeframe: string;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body exceeds the size bound */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1PricesNative: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: {
                                priceUsd: number;
                                source: string;
                                stale: boolean;
                                symbol: string;
                                updatedAt: number;
                            };
                        };
                        meta: {
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1Pulse: {
        parameters: {
            query: {
                /** @description chains listed; comma-separated, 1 to 8 items */
                chains: string;
                limit?: number;
                /** @description new: created under 24 h ago, newest first; bonding: curves neither migrated nor filled that traded in the last 24 h, by bonding progress; graduated: migrated in the last 7 days (by the migration event), or filled and awaiting migration (virtually graduated) with a trade in that time, latest first */
                view: "new" | "bonding" | "graduated";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description token address */
                            address: string;
                            ageSeconds: number | null;
                            /** @description percent of the curve filled, 100 once migrated; the same figure as GET /v1/token launchpad.bondingProgress */
                            bondingProgress: number | null;
                            buys: number;
                            chain: string;
                            /** @description the curve's creation (the token's deploy time) */
                            createdAt: number | null;
                            /** @description the curve's creator (the deployer); displayName, avatarUrl and ensName as GET /v1/wallet/profile reads them (null when unknown; a creator first seen may show nulls for one answer while its profile is looked up); null when unknown */
                            creator: {
                                address: string;
                                avatarUrl: string | null;
                                displayName: string | null;
                                ensName: string | null;
                            } | null;
                            /** @description 24 h transaction fees paid by traders */
                            feesUsd: number | null;
                            /** @description time of the migration event; null before migration (also when virtually graduated) */
                            graduatedAt: number | null;
                            /** @description across all the token's markets */
                            liquidityNative: string | null;
                            liquidityUsd: number | null;
                            /** @description price x total supply, capped as on GET /v1/token */
                            marketCapUsd: number | null;
                            metadata: {
                                /** @description as the token snapshot's metadata.dexPaid: null when unknown */
                                dexPaid: boolean | null;
                                iconUrl: string | null;
                                telegramUrl: string | null;
                                twitterUrl: string | null;
                                websiteUrl: string | null;
                            };
                            migrated: boolean;
                            name: string | null;
                            /** @description 1 for the first token deployed under this symbol on the chain, then 2, ... */
                            nameRank: number | null;
                            /** @description the token's best pool, as on GET /v1/token */
                            pool: {
                                address: string;
                                factory: string | null;
                                quoteAddress: string;
                                quoteSymbol: string | null;
                                type: string;
                            } | null;
                            priceNative: string | null;
                            priceUsd: number | null;
                            sells: number;
                            symbol: string | null;
                            /** @description whole tokens */
                            totalSupply: string | null;
                            /** @description trades over the last 24 h across the token's markets */
                            txns: number;
                            /** @description 24 h, valued as GET /v1/token stats24h.volumeUsd */
                            volumeUsd: number | null;
                        }[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                            /** @enum {string} */
                            view: "new" | "bonding" | "graduated";
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1Screener: {
        parameters: {
            query: {
                /** @description minutes since market creation, inclusive */
                ageMax?: number;
                /** @description minutes since market creation, inclusive */
                ageMin?: number;
                /** @description chains to list; comma-separated, 1 to 8 items */
                chains: string;
                /** @description opaque, from meta.nextCursor */
                cursor?: string;
                /** @description USD over the timeframe, inclusive */
                feesMax?: number;
                /** @description USD over the timeframe, inclusive */
                feesMin?: number;
                /** @description filter tree as URL-encoded JSON */
                filters?: string;
                limit?: number;
                /** @description USD, inclusive */
                liquidityMax?: number;
                /** @description USD, inclusive */
                liquidityMin?: number;
                /** @description USD, inclusive */
                marketCapMax?: number;
                /** @description USD, inclusive */
                marketCapMin?: number;
                /** @description trending (default), volume (alias top), marketCap, createdAt, or a numeric field: liquidityUsd, marketCapUsd, priceUsd, ageSeconds, priceChangePct, volumeUsd, feesUsd, txns, buys, sells, windows.<window>.<field> */
                sortBy?: string;
                sortOrder?: "desc" | "asc";
                /** @description window of sortBy=volume and the bare counters (default 24h) */
                timeframe?: "5m" | "1h" | "6h" | "24h";
                /** @description trades over the timeframe, inclusive */
                txnsMax?: number;
                /** @description trades over the timeframe, inclusive */
                txnsMin?: number;
                /** @description USD over the timeframe, inclusive */
                volumeMax?: number;
                /** @description USD over the timeframe, inclusive */
                volumeMin?: number;
                /** @description former name of timeframe, with sortBy=volume only */
                window?: "5m" | "1h" | "6h" | "24h";
                /** @description stats windows among 5m, 1h, 6h, 24h (default: all); comma-separated, 1 to 4 items */
                windows?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            /** @description the token */
                            address: string;
                            ageSeconds: number | null;
                            buys: number;
                            chain: string;
                            createdAt: number | null;
                            liquidityUsd: number | null;
                            marketCapUsd: number | null;
                            name: string | null;
                            pool: {
                                address: string;
                                factory: string | null;
                                quoteAddress: string;
                                quoteSymbol: string | null;
                                type: string;
                            };
                            priceChange24hPct: number | null;
                            priceNative: string | null;
                            priceUsd: number | null;
                            quote: {
                                address: string;
                                symbol: string | null;
                            };
                            sells: number;
                            stats: {
                                [key: string]: {
                                    buys: number;
                                    /** @description transaction fees paid by the window's traders, native */
                                    feesNative: number | null;
                                    feesUsd: number | null;
                                    priceChangePct: number | null;
                                    sells: number;
                                    txns: number;
                                    volumeNative: number;
                                    volumeUsd: number | null;
                                };
                            };
                            symbol: string | null;
                            token: {
                                address: string;
                                name: string | null;
                                symbol: string | null;
                            };
                            txns: number;
                            /** @description venue type, same as pool.type */
                            type: string;
                            volume24hUsd: number | null;
                        } | {
                            /** @description the token */
                            address: string;
                            chain: string;
                            createdAt: number | null;
                            marketCapUsd: number | null;
                            name: string | null;
                            pool: {
                                address: string;
                                factory: string | null;
                                quoteAddress: string;
                                quoteSymbol: string | null;
                                type: string;
                            };
                            priceNative: string | null;
                            priceUsd: number | null;
                            quote: {
                                address: string;
                                symbol: string | null;
                            };
                            symbol: string | null;
                            token: {
                                address: string;
                                name: string | null;
                                symbol: string | null;
                            };
                            /** @description venue type, same as pool.type */
                            type: string;
                        })[];
                        meta: {
                            asOf: number;
                            chains: {
                                asOf: number | null;
                                chain: string;
                                markets: number;
                            }[];
                            hasMore: boolean;
                            nextCursor: string | null;
                            sortBy: string;
                            /** @enum {string} */
                            sortOrder: "desc" | "asc";
                            /** @enum {string} */
                            timeframe: "5m" | "1h" | "6h" | "24h";
                            universe: string;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1ScreenerPools: {
        parameters: {
            query: {
                /** @description minutes since market creation, inclusive */
                ageMax?: number;
                /** @description minutes since market creation, inclusive */
                ageMin?: number;
                /** @description chains to list; comma-separated, 1 to 8 items */
                chains: string;
                /** @description opaque, from meta.nextCursor */
                cursor?: string;
                /** @description USD over the timeframe, inclusive */
                feesMax?: number;
                /** @description USD over the timeframe, inclusive */
                feesMin?: number;
                /** @description filter tree as URL-encoded JSON */
                filters?: string;
                limit?: number;
                /** @description USD, inclusive */
                liquidityMax?: number;
                /** @description USD, inclusive */
                liquidityMin?: number;
                /** @description USD, inclusive */
                marketCapMax?: number;
                /** @description USD, inclusive */
                marketCapMin?: number;
                /** @description trending (default), volume (alias top), marketCap, createdAt, or a numeric field: liquidityUsd, marketCapUsd, priceUsd, ageSeconds, priceChangePct, volumeUsd, feesUsd, txns, buys, sells, windows.<window>.<field> */
                sortBy?: string;
                sortOrder?: "desc" | "asc";
                /** @description window of sortBy=volume and the bare counters (default 24h) */
                timeframe?: "5m" | "1h" | "6h" | "24h";
                /** @description trades over the timeframe, inclusive */
                txnsMax?: number;
                /** @description trades over the timeframe, inclusive */
                txnsMin?: number;
                /** @description USD over the timeframe, inclusive */
                volumeMax?: number;
                /** @description USD over the timeframe, inclusive */
                volumeMin?: number;
                /** @description former name of timeframe, with sortBy=volume only */
                window?: "5m" | "1h" | "6h" | "24h";
                /** @description stats windows among 5m, 1h, 6h, 24h (default: all); comma-separated, 1 to 4 items */
                windows?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            /** @description the token */
                            address: string;
                            ageSeconds: number | null;
                            buys: number;
                            chain: string;
                            createdAt: number | null;
                            liquidityUsd: number | null;
                            marketCapUsd: number | null;
                            name: string | null;
                            pool: {
                                address: string;
                                factory: string | null;
                                quoteAddress: string;
                                quoteSymbol: string | null;
                                type: string;
                            };
                            priceChange24hPct: number | null;
                            priceNative: string | null;
                            priceUsd: number | null;
                            quote: {
                                address: string;
                                symbol: string | null;
                            };
                            sells: number;
                            stats: {
                                [key: string]: {
                                    buys: number;
                                    /** @description transaction fees paid by the window's traders, native */
                                    feesNative: number | null;
                                    feesUsd: number | null;
                                    priceChangePct: number | null;
                                    sells: number;
                                    txns: number;
                                    volumeNative: number;
                                    volumeUsd: number | null;
                                };
                            };
                            symbol: string | null;
                            token: {
                                address: string;
                                name: string | null;
                                symbol: string | null;
                            };
                            txns: number;
                            /** @description venue type, same as pool.type */
                            type: string;
                            volume24hUsd: number | null;
                        } | {
                            /** @description the token */
                            address: string;
                            chain: string;
                            createdAt: number | null;
                            marketCapUsd: number | null;
                            name: string | null;
                            pool: {
                                address: string;
                                factory: string | null;
                                quoteAddress: string;
                                quoteSymbol: string | null;
                                type: string;
                            };
                            priceNative: string | null;
                            priceUsd: number | null;
                            quote: {
                                address: string;
                                symbol: string | null;
                            };
                            symbol: string | null;
                            token: {
                                address: string;
                                name: string | null;
                                symbol: string | null;
                            };
                            /** @description venue type, same as pool.type */
                            type: string;
                        })[];
                        meta: {
                            asOf: number;
                            chains: {
                                asOf: number | null;
                                chain: string;
                                markets: number;
                            }[];
                            hasMore: boolean;
                            nextCursor: string | null;
                            sortBy: string;
                            /** @enum {string} */
                            sortOrder: "desc" | "asc";
                            /** @enum {string} */
                            timeframe: "5m" | "1h" | "6h" | "24h";
                            universe: string;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1Search: {
        parameters: {
            query: {
                /** @description chains searched (default: every chain); comma-separated, 1 to 8 items */
                chain?: string;
                limit?: number;
                /** @description for sortBy liquidityUsd or createdAt; relevance is served best first only (asc is refused) */
                order?: "desc" | "asc";
                /** @description keyword: a token or market address (exact; EVM case-insensitive), or text matched against symbols and names (case-insensitive: equal, starting with it, or a later name word starting with it) */
                q: string;
                /** @description relevance: symbol equal, name equal, symbol prefix, name prefix, name word prefix, then by activity (USD liquidity of the token's deepest market, unknown last) and age; liquidityUsd or createdAt: by that figure, unknown last in both orders. Exact address matches come first whatever the order. */
                sortBy?: "relevance" | "liquidityUsd" | "createdAt";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description token address */
                            address: string;
                            chain: string;
                            createdAt: number | null;
                            /** @description latest trade of the row's pool */
                            lastTradeAt: number | null;
                            /** @description of the row's pool */
                            liquidityUsd: number | null;
                            /**
                             * @description address: the token's own address; poolAddress: one of its markets; symbol or name: the text
                             * @enum {string}
                             */
                            match: "address" | "poolAddress" | "symbol" | "name";
                            name: string | null;
                            /** @description the market whose address matched, else the token's best pool */
                            pool: {
                                address: string;
                                quoteAddress: string;
                                quoteSymbol: string | null;
                                type: string;
                            } | null;
                            /** @description decimal number as a string, from the row's pool */
                            priceNative: string | null;
                            priceUsd: number | null;
                            symbol: string | null;
                        }[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                            /** @description when the text index was built */
                            indexedAt: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1Token: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            address: string;
                            chain: string;
                            createdAt: number | null;
                            decimals: number | null;
                            deployer: string | null;
                            /** @description same rule as marketCapUsd */
                            fdvUsd: number | null;
                            launchpad: {
                                /** @description percent of the curve filled; 100 once graduated */
                                bondingProgress: number | null;
                                graduated: boolean;
                                graduatedAt: number | null;
                                /** @description launchpad of origin */
                                name: string | null;
                                /** @description the bonding-curve market */
                                poolAddress: string;
                            } | null;
                            /** @description across all the token's markets */
                            liquidityNative: string | null;
                            liquidityNativeAth: string | null;
                            liquidityUsd: number | null;
                            /** @description price x total supply, sanity-capped: never above 10,000 x liquidityUsd, never above 10^13 USD; null when price or supply is unknown */
                            marketCapUsd: number | null;
                            metadata: {
                                description: string | null;
                                /** @description whether the token's listing was paid for, as a dex-paid provider answers; null when no provider is configured or it does not know */
                                dexPaid: boolean | null;
                                dexPaidAt: number | null;
                                discordUrl: string | null;
                                headerUrl: string | null;
                                iconUrl: string | null;
                                telegramUrl: string | null;
                                twitterUrl: string | null;
                                websiteUrl: string | null;
                            };
                            name: string | null;
                            /** @description 1 for the first token deployed under this symbol on the chain, then 2, ... */
                            nameRank: number | null;
                            pool: {
                                address: string;
                                createdAt: number | null;
                                factory: string | null;
                                quoteAddress: string;
                                quoteSymbol: string | null;
                                type: string;
                            } | null;
                            priceNative: string | null;
                            priceNativeAth: string | null;
                            priceUsd: number | null;
                            stats24h: {
                                buys: number;
                                priceChangePct: number | null;
                                sells: number;
                                volumeNative: number;
                                volumeUsd: number | null;
                            };
                            symbol: string | null;
                            /** @description whole tokens */
                            totalSupply: string | null;
                        };
                        meta: {
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1Token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    items: {
                        /** @description address */
                        address: string;
                        /** @description chain id */
                        chain: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description one slot per input item, in input order */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            data: {
                                address: string;
                                chain: string;
                                createdAt: number | null;
                                decimals: number | null;
                                deployer: string | null;
                                /** @description same rule as marketCapUsd */
                                fdvUsd: number | null;
                                launchpad: {
                                    /** @description percent of the curve filled; 100 once graduated */
                                    bondingProgress: number | null;
                                    graduated: boolean;
                                    graduatedAt: number | null;
                                    /** @description launchpad of origin */
                                    name: string | null;
                                    /** @description the bonding-curve market */
                                    poolAddress: string;
                                } | null;
                                /** @description across all the token's markets */
                                liquidityNative: string | null;
                                liquidityNativeAth: string | null;
                                liquidityUsd: number | null;
                                /** @description price x total supply, sanity-capped: never above 10,000 x liquidityUsd, never above 10^13 USD; null when price or supply is unknown */
                                marketCapUsd: number | null;
                                metadata: {
                                    description: string | null;
                                    /** @description whether the token's listing was paid for, as a dex-paid provider answers; null when no provider is configured or it does not know */
                                    dexPaid: boolean | null;
                                    dexPaidAt: number | null;
                                    discordUrl: string | null;
                                    headerUrl: string | null;
                                    iconUrl: string | null;
                                    telegramUrl: string | null;
                                    twitterUrl: string | null;
                                    websiteUrl: string | null;
                                };
                                name: string | null;
                                /** @description 1 for the first token deployed under this symbol on the chain, then 2, ... */
                                nameRank: number | null;
                                pool: {
                                    address: string;
                                    createdAt: number | null;
                                    factory: string | null;
                                    quoteAddress: string;
                                    quoteSymbol: string | null;
                                    type: string;
                                } | null;
                                priceNative: string | null;
                                priceNativeAth: string | null;
                                priceUsd: number | null;
                                stats24h: {
                                    buys: number;
                                    priceChangePct: number | null;
                                    sells: number;
                                    volumeNative: number;
                                    volumeUsd: number | null;
                                };
                                symbol: string | null;
                                /** @description whole tokens */
                                totalSupply: string | null;
                            };
                        } | {
                            error: {
                                code: string;
                                message: string;
                            };
                        })[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body exceeds the size bound */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1TokenDevTokens: {
        parameters: {
            query: {
                /** @description token address; its deployer is resolved first. Required unless wallet is given. */
                address?: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                limit?: number;
                /** @description deployer address, skipping resolution */
                wallet?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description token address */
                            address: string;
                            chain: string;
                            /** @description deploy time: the token's creation, else its earliest market's; null when neither is known */
                            createdAt: number | null;
                            /** @description the token has a launchpad market (bonding curve) */
                            isLaunchpad: boolean;
                            /** @description the best pool's native liquidity (decimal string); null when unknown */
                            liquidityNative: string | null;
                            /** @description that × the current native/USD rate; null when either is unknown */
                            liquidityUsd: number | null;
                            /** @description a launchpad market of the token graduated */
                            migrated: boolean;
                            name: string | null;
                            /**
                             * @description judged on the token's best pool at request time, first rule that holds: rugged (its liquidity was seen below 100 USD within one day of deploy), abandoned (below 500 USD within one week), migrated (a launchpad market of the token graduated), active (everything else, including a token whose first week was not seen)
                             * @enum {string}
                             */
                            status: "rugged" | "abandoned" | "migrated" | "active";
                            symbol: string | null;
                        }[];
                        meta: {
                            asOf: number;
                            /** @description the deployer; null when the token's deployer is unknown */
                            deployer: string | null;
                            /** @description null when the deployer is unknown */
                            stats: {
                                abandoned: number;
                                active: number;
                                /** @description earliest known deploy time among the judged tokens */
                                firstDeployAt: number | null;
                                /** @description latest known deploy time among the judged tokens */
                                lastDeployAt: number | null;
                                migrated: number;
                                /**
                                 * @description high: at least 30 % of the judged tokens rugged, or 70 % rugged or abandoned; medium: 10 % rugged or 40 % rugged or abandoned; low: otherwise; unknown: no token
                                 * @enum {string}
                                 */
                                riskLevel: "unknown" | "low" | "medium" | "high";
                                rugged: number;
                                /** @description percent of the judged tokens neither rugged nor abandoned (2 decimals); null with no token */
                                successRatePct: number | null;
                                /** @description the deployer's true deploy count (the queried token left out) */
                                totalTokens: number;
                            } | null;
                            /** @description the stats describe only the returned page */
                            truncated: boolean;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1TokenHolders: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                /** @description opaque, from meta.nextCursor of the same token */
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description the holder: an EVM address, or on Solana the owner of the token accounts */
                            address: string;
                            /** @description balance in raw token units (decimal string; divide by 10^decimals) */
                            amount: string;
                            /** @description 1 for the largest holder */
                            rank: number;
                            /** @description percent of the token's recorded total supply; null when the supply is unknown */
                            supplySharePct: number | null;
                            /** @description pool: the address of a market (a V4 pool manager of the token's markets included); bondingCurve: a launchpad curve; burn: 0x…dead or the Solana incinerator; locker: in the deployment's locker list; programOwned: no private key controls it (Solana: the owner is off the ed25519 curve, a program-derived address; EVM: the address has contract code, an EIP-7702 delegated account excepted) */
                            tags: ("pool" | "bondingCurve" | "burn" | "locker" | "programOwned")[];
                        }[];
                        meta: {
                            asOf: number;
                            decimals: number | null;
                            hasMore: boolean;
                            /** @description holders with a positive balance; null while not tracked */
                            holderCount: number | null;
                            nextCursor: string | null;
                            /** @description true when every row was judged for programOwned (always on Solana; on EVM when the chain's node answered); false: a contract may lack the tag */
                            programOwnedChecked: boolean;
                            /** @description raw units, as recorded for the token */
                            totalSupply: string | null;
                            /** @description block (Solana: slot) the balances are kept from */
                            trackedSinceBlock: number | null;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1TokenMetadata: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            address: string;
                            chain: string;
                            description: string | null;
                            /** @description whether the token's listing was paid for, as a dex-paid provider answers; null when no provider is configured or it does not know */
                            dexPaid: boolean | null;
                            dexPaidAt: number | null;
                            discordUrl: string | null;
                            /** @description unix ms the document at uri was last fetched and taken */
                            fetchedAt: number | null;
                            headerUrl: string | null;
                            iconUrl: string | null;
                            /** @description ok, or why the last fetch failed: BAD_URL, PRIVATE_ADDRESS, TIMEOUT, TOO_LARGE, BAD_CONTENT_TYPE, HTTP_STATUS, TOO_MANY_REDIRECTS, BAD_JSON, NETWORK; null before any fetch */
                            status: string | null;
                            telegramUrl: string | null;
                            twitterUrl: string | null;
                            /** @description the metadata URI recorded on chain (Metaplex, Token-2022; an EVM launchpad's creation event); null when none */
                            uri: string | null;
                            websiteUrl: string | null;
                        };
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1TokenOhlcv: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                /** @description inclusive upper bound on candle time, at most one day ahead; unix seconds (a millisecond value, >= 10^11, is accepted and normalized) */
                endTime?: number;
                /** @description true: flat zero-volume candles in gaps; false: only traded buckets */
                fill?: boolean;
                /** @description inclusive lower bound on candle time; scans stop there; unix seconds (a millisecond value, >= 10^11, is accepted and normalized) */
                from?: number;
                /** @description candle interval; aliases 7d=1w, 30d=1M, 1min, 5min, 15min, 30min, 60=1h. meta.interval echoes the canonical key */
                interval?: "1s" | "5s" | "15s" | "30s" | "1m" | "3m" | "5m" | "15m" | "30m" | "1h" | "2h" | "4h" | "6h" | "12h" | "1d" | "1w" | "1M" | "60" | "7d" | "30d" | "1min" | "5min" | "15min" | "30min";
                limit?: number;
                /** @description markets to aggregate; comma-separated, 1 to 50 pool addresses */
                pools?: string;
                /** @description usd: Solana only (each candle at its own window's SOL/USD rate) */
                quote?: "native" | "usd";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description close price; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                            close: number | null;
                            /** @description high price; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                            high: number | null;
                            /** @description low price; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                            low: number | null;
                            /** @description open price; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                            open: number | null;
                            /** @description unix seconds, bucket start */
                            time: number;
                            trades: number;
                            /** @description volume in the quote; null with quote=usd for a window whose SOL/USD rate is unknown (before the chain's USD history) */
                            volume: number | null;
                            volumeToken: number;
                        }[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                            count: number;
                            hasMore: boolean;
                            interval: string;
                            newestTime: number | null;
                            nextEndTime?: number;
                            oldestTime: number | null;
                            pools: string[];
                            /** @enum {string} */
                            quote: "native" | "usd";
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1TokenPools: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            address: string;
                            chain: string;
                            createdAt: number | null;
                            exchange: string | null;
                            factory: string | null;
                            isLaunchpad: boolean;
                            lastTradeAt: number | null;
                            liquidityNative: string | null;
                            liquidityUsd: number | null;
                            migrated: boolean;
                            priceNative: string | null;
                            priceUsd: number | null;
                            quoteAddress: string;
                            quoteSymbol: string | null;
                            rank: number;
                            type: string;
                            volume24hNative: number;
                            volume24hUsd: number | null;
                        }[];
                        meta: {
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1TokenPrice: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            address: string;
                            chain: string;
                            liquidityUsd: number | null;
                            marketCapUsd: number | null;
                            /** @description the market the price is read from */
                            poolAddress: string | null;
                            priceNative: string | null;
                            priceUsd: number | null;
                            /** @description time of that market's latest trade */
                            updatedAt: number | null;
                        };
                        meta: {
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1TokenPrice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    items: {
                        /** @description address */
                        address: string;
                        /** @description chain id */
                        chain: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description one slot per input item, in input order */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            data: {
                                address: string;
                                chain: string;
                                liquidityUsd: number | null;
                                marketCapUsd: number | null;
                                /** @description the market the price is read from */
                                poolAddress: string | null;
                                priceNative: string | null;
                                priceUsd: number | null;
                                /** @description time of that market's latest trade */
                                updatedAt: number | null;
                            };
                        } | {
                            error: {
                                code: string;
                                message: string;
                            };
                        })[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body exceeds the size bound */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1TokenSecurity: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            address: string;
                            /** @description share of total supply the launch's bundlers hold now; null as snipersHoldPct */
                            bundlersHoldPct: number | null;
                            /** @description wallets labelled bundler at the launch */
                            bundlerWallets: number | null;
                            chain: string;
                            /** @description unix ms the chain facts were read */
                            checkedAt: number;
                            /** @description null when no dex-paid provider answered */
                            dexPaid: boolean | null;
                            freezeAuthority: string | null;
                            hasBlacklistFunction: boolean | null;
                            hasPauseFunction: boolean | null;
                            /** @description Solana: a freeze authority is set */
                            isFreezable: boolean | null;
                            /** @description Solana: a mint authority is set. EVM: the code (or its proxy's implementation) dispatches a mint function */
                            isMintable: boolean | null;
                            /** @description EVM: an EIP-1967 or EIP-1167 proxy */
                            isProxy: boolean | null;
                            /** @description percent of the pool's LP tokens held by the zero and 0x…dead addresses */
                            lpBurnedPct: number | null;
                            /** @description percent of the same pool's LP tokens held by the locker list's contracts of the chain (shipped list plus the deployment's LOCKERS); null without a listed locker for the chain or a V2 pool; a locker outside the list is not counted */
                            lpLockedPct: number | null;
                            /** @description the Uniswap V2 pair the LP figures are read from; null without one */
                            lpPool: string | null;
                            /** @description Solana mint authority; null when none is set or unknown */
                            mintAuthority: string | null;
                            /** @description EVM: what owner() answers; null without such a function */
                            owner: string | null;
                            /** @description EVM: owner() answers the zero address */
                            ownershipRenounced: boolean | null;
                            /** @description EIP-1967 admin slot; null when empty or not a proxy */
                            proxyAdmin: string | null;
                            proxyImplementation: string | null;
                            /** @description EVM: a buy then a sell through the token's Uniswap V2 pool quoted in wrapped native (its deepest; without one, its deepest Uniswap V3 pool, paid in the swap callback as a router pays it; without one either, its deepest Uniswap V4 pool, settled inside the pool manager's unlock; on V3 and V4 a token taxed on the way in fails the sale), run by eth_call with state overrides; null without such a pool or node */
                            simulation: {
                                /** @description wrapped native spent on the simulated buy, raw units */
                                amountIn: string;
                                /** @description percent of the tokens the pool sent that did not arrive */
                                buyTaxPct: number | null;
                                /** @description the bought tokens could not be sold, or the sell tax is at least 50 %; null when the buy failed */
                                isHoneypot: boolean | null;
                                /** @enum {string} */
                                outcome: "ok" | "buy_failed" | "sell_failed";
                                pool: string;
                                /** @description percent of the tokens sold that did not reach the pool (measured also when the pool then refused the sale) */
                                sellTaxPct: number | null;
                            } | null;
                            /** @description share of total supply the launch's snipers hold now; null when the balances are not tracked, the supply is unknown or the token has no market */
                            snipersHoldPct: number | null;
                            /** @description wallets labelled sniper at the launch */
                            sniperWallets: number | null;
                            /** @description Solana Token-2022 extensions; null on an SPL Token mint, on EVM, or when unknown */
                            token2022: {
                                /** @description new token accounts start frozen */
                                defaultAccountFrozen: boolean;
                                /** @description Token-2022 extension type numbers on the mint */
                                extensionTypes: number[];
                                mintCloseAuthority: string | null;
                                nonTransferable: boolean;
                                /** @description Pausable extension: transfers paused now; null without it */
                                paused: boolean | null;
                                /** @description can move or burn any holder's tokens */
                                permanentDelegate: string | null;
                                /** @description TransferFeeConfig: `current` is the newer fee, in force from its epoch */
                                transferFee: {
                                    authority: string | null;
                                    current: {
                                        basisPoints: number;
                                        /** @description the epoch from which this fee applies */
                                        epoch: number;
                                        /** @description raw token units */
                                        maximumFee: string;
                                    };
                                    previous: {
                                        basisPoints: number;
                                        /** @description the epoch from which this fee applies */
                                        epoch: number;
                                        /** @description raw token units */
                                        maximumFee: string;
                                    };
                                } | null;
                                /** @description program every transfer calls */
                                transferHookProgram: string | null;
                            } | null;
                            /** @description Solana: the mint's token program */
                            tokenProgram: ("spl-token" | "token-2022") | null;
                            /** @description share of total supply held by the 10 largest holders, pools, bonding curves, burn addresses and lockers left out; null when the balances are not tracked or the supply is unknown */
                            top10HolderPct: number | null;
                        };
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1TokenSecurity: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    items: {
                        /** @description address */
                        address: string;
                        /** @description chain id */
                        chain: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description one slot per input item, in input order */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            data: {
                                address: string;
                                /** @description share of total supply the launch's bundlers hold now; null as snipersHoldPct */
                                bundlersHoldPct: number | null;
                                /** @description wallets labelled bundler at the launch */
                                bundlerWallets: number | null;
                                chain: string;
                                /** @description unix ms the chain facts were read */
                                checkedAt: number;
                                /** @description null when no dex-paid provider answered */
                                dexPaid: boolean | null;
                                freezeAuthority: string | null;
                                hasBlacklistFunction: boolean | null;
                                hasPauseFunction: boolean | null;
                                /** @description Solana: a freeze authority is set */
                                isFreezable: boolean | null;
                                /** @description Solana: a mint authority is set. EVM: the code (or its proxy's implementation) dispatches a mint function */
                                isMintable: boolean | null;
                                /** @description EVM: an EIP-1967 or EIP-1167 proxy */
                                isProxy: boolean | null;
                                /** @description percent of the pool's LP tokens held by the zero and 0x…dead addresses */
                                lpBurnedPct: number | null;
                                /** @description percent of the same pool's LP tokens held by the locker list's contracts of the chain (shipped list plus the deployment's LOCKERS); null without a listed locker for the chain or a V2 pool; a locker outside the list is not counted */
                                lpLockedPct: number | null;
                                /** @description the Uniswap V2 pair the LP figures are read from; null without one */
                                lpPool: string | null;
                                /** @description Solana mint authority; null when none is set or unknown */
                                mintAuthority: string | null;
                                /** @description EVM: what owner() answers; null without such a function */
                                owner: string | null;
                                /** @description EVM: owner() answers the zero address */
                                ownershipRenounced: boolean | null;
                                /** @description EIP-1967 admin slot; null when empty or not a proxy */
                                proxyAdmin: string | null;
                                proxyImplementation: string | null;
                                /** @description EVM: a buy then a sell through the token's Uniswap V2 pool quoted in wrapped native (its deepest; without one, its deepest Uniswap V3 pool, paid in the swap callback as a router pays it; without one either, its deepest Uniswap V4 pool, settled inside the pool manager's unlock; on V3 and V4 a token taxed on the way in fails the sale), run by eth_call with state overrides; null without such a pool or node */
                                simulation: {
                                    /** @description wrapped native spent on the simulated buy, raw units */
                                    amountIn: string;
                                    /** @description percent of the tokens the pool sent that did not arrive */
                                    buyTaxPct: number | null;
                                    /** @description the bought tokens could not be sold, or the sell tax is at least 50 %; null when the buy failed */
                                    isHoneypot: boolean | null;
                                    /** @enum {string} */
                                    outcome: "ok" | "buy_failed" | "sell_failed";
                                    pool: string;
                                    /** @description percent of the tokens sold that did not reach the pool (measured also when the pool then refused the sale) */
                                    sellTaxPct: number | null;
                                } | null;
                                /** @description share of total supply the launch's snipers hold now; null when the balances are not tracked, the supply is unknown or the token has no market */
                                snipersHoldPct: number | null;
                                /** @description wallets labelled sniper at the launch */
                                sniperWallets: number | null;
                                /** @description Solana Token-2022 extensions; null on an SPL Token mint, on EVM, or when unknown */
                                token2022: {
                                    /** @description new token accounts start frozen */
                                    defaultAccountFrozen: boolean;
                                    /** @description Token-2022 extension type numbers on the mint */
                                    extensionTypes: number[];
                                    mintCloseAuthority: string | null;
                                    nonTransferable: boolean;
                                    /** @description Pausable extension: transfers paused now; null without it */
                                    paused: boolean | null;
                                    /** @description can move or burn any holder's tokens */
                                    permanentDelegate: string | null;
                                    /** @description TransferFeeConfig: `current` is the newer fee, in force from its epoch */
                                    transferFee: {
                                        authority: string | null;
                                        current: {
                                            basisPoints: number;
                                            /** @description the epoch from which this fee applies */
                                            epoch: number;
                                            /** @description raw token units */
                                            maximumFee: string;
                                        };
                                        previous: {
                                            basisPoints: number;
                                            /** @description the epoch from which this fee applies */
                                            epoch: number;
                                            /** @description raw token units */
                                            maximumFee: string;
                                        };
                                    } | null;
                                    /** @description program every transfer calls */
                                    transferHookProgram: string | null;
                                } | null;
                                /** @description Solana: the mint's token program */
                                tokenProgram: ("spl-token" | "token-2022") | null;
                                /** @description share of total supply held by the 10 largest holders, pools, bonding curves, burn addresses and lockers left out; null when the balances are not tracked or the supply is unknown */
                                top10HolderPct: number | null;
                            };
                        } | {
                            error: {
                                code: string;
                                message: string;
                            };
                        })[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body exceeds the size bound */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1TokenSparklines: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default native
                     * @enum {string}
                     */
                    quote?: "native" | "usd";
                    /**
                     * @default 24h
                     * @enum {string}
                     */
                    timeframe?: "1m" | "5m" | "30m" | "1h" | "24h" | "7d";
                    /** @default false */
                    timestamps?: boolean;
                    tokens: {
                        /** @description address */
                        address: string;
                        /** @description chain id */
                        chain: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description one slot per input item, in input order */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: (number | {
                                at: number;
                                value: number;
                            })[];
                        };
                        meta: {
                            asOf: number;
                            /** @enum {string} */
                            quote: "native" | "usd";
                            timeframe: string;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body exceeds the size bound */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1TokenStats: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                /** @description restrict to these markets of the token; comma-separated, 1 to 50 pool addresses */
                pools?: string;
                /** @description stats windows among 5m, 1h, 6h, 24h (default: all); comma-separated, 1 to 4 items */
                windows?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            address: string;
                            chain: string;
                            pools: string[];
                            /** @enum {string} */
                            usdBasis: "spot" | "trade";
                            windows: {
                                "1h"?: {
                                    buys: number;
                                    buyVolumeNative: number;
                                    /** @description distinct makers */
                                    makers: number;
                                    priceChangePct: number | null;
                                    sells: number;
                                    sellVolumeNative: number;
                                    txns: number;
                                    volumeNative: number;
                                    volumeUsd: number | null;
                                };
                                "5m"?: {
                                    buys: number;
                                    buyVolumeNative: number;
                                    /** @description distinct makers */
                                    makers: number;
                                    priceChangePct: number | null;
                                    sells: number;
                                    sellVolumeNative: number;
                                    txns: number;
                                    volumeNative: number;
                                    volumeUsd: number | null;
                                };
                                "6h"?: {
                                    buys: number;
                                    buyVolumeNative: number;
                                    /** @description distinct makers */
                                    makers: number;
                                    priceChangePct: number | null;
                                    sells: number;
                                    sellVolumeNative: number;
                                    txns: number;
                                    volumeNative: number;
                                    volumeUsd: number | null;
                                };
                                "24h"?: {
                                    buys: number;
                                    buyVolumeNative: number;
                                    /** @description distinct makers */
                                    makers: number;
                                    priceChangePct: number | null;
                                    sells: number;
                                    sellVolumeNative: number;
                                    txns: number;
                                    volumeNative: number;
                                    volumeUsd: number | null;
                                };
                            };
                        };
                        meta: {
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1TokenStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    items: {
                        address: string;
                        chain: string;
                        pools?: string[];
                    }[];
                    /**
                     * @default [
                     *       "5m",
                     *       "1h",
                     *       "6h",
                     *       "24h"
                     *     ]
                     */
                    windows?: ("5m" | "1h" | "6h" | "24h")[];
                };
            };
        };
        responses: {
            /** @description one slot per input item, in input order */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            data: {
                                address: string;
                                chain: string;
                                pools: string[];
                                /** @enum {string} */
                                usdBasis: "spot" | "trade";
                                windows: {
                                    "1h"?: {
                                        buys: number;
                                        buyVolumeNative: number;
                                        /** @description distinct makers */
                                        makers: number;
                                        priceChangePct: number | null;
                                        sells: number;
                                        sellVolumeNative: number;
                                        txns: number;
                                        volumeNative: number;
                                        volumeUsd: number | null;
                                    };
                                    "5m"?: {
                                        buys: number;
                                        buyVolumeNative: number;
                                        /** @description distinct makers */
                                        makers: number;
                                        priceChangePct: number | null;
                                        sells: number;
                                        sellVolumeNative: number;
                                        txns: number;
                                        volumeNative: number;
                                        volumeUsd: number | null;
                                    };
                                    "6h"?: {
                                        buys: number;
                                        buyVolumeNative: number;
                                        /** @description distinct makers */
                                        makers: number;
                                        priceChangePct: number | null;
                                        sells: number;
                                        sellVolumeNative: number;
                                        txns: number;
                                        volumeNative: number;
                                        volumeUsd: number | null;
                                    };
                                    "24h"?: {
                                        buys: number;
                                        buyVolumeNative: number;
                                        /** @description distinct makers */
                                        makers: number;
                                        priceChangePct: number | null;
                                        sells: number;
                                        sellVolumeNative: number;
                                        txns: number;
                                        volumeNative: number;
                                        volumeUsd: number | null;
                                    };
                                };
                            };
                        } | {
                            error: {
                                code: string;
                                message: string;
                            };
                        })[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body exceeds the size bound */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1TokenTopTraders: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                limit?: number;
                order?: "desc" | "asc";
                /** @description pnl: realizedPnlNative; bought: boughtNative; sold: soldNative; txns: buys + sells. Ties, and the wallets without a known native figure (last in either order), go by wallet address in the order's direction */
                sortBy?: "pnl" | "bought" | "sold" | "txns";
                /** @description all: the token's whole life, with position figures; the others: the window of the market ranking (from the minute holding now minus the timeframe), position figures null */
                timeframe?: "all" | "1h" | "4h" | "1d" | "7d" | "30d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description the wallet (the trades' resolved maker) */
                            address: string;
                            /** @description native bought over whole tokens bought; null without buys in the window */
                            avgBuyPriceNative: number | null;
                            /** @description native value bought; null when a trade of the window has no known native value (or, on Solana, USD rate) */
                            boughtNative: number | null;
                            /** @description whole tokens bought in the window; null when decimals are unknown */
                            boughtTokens: string | null;
                            /** @description USD bought, priced as meta.usdBasis says; null when a trade of the window has no known native value (or, on Solana, USD rate) */
                            boughtUsd: number | null;
                            buys: number;
                            /** @description first trade in the window */
                            firstTradeAt: number;
                            /** @description the wallet created the token (launchpad creator, token deployer); null when the creator is unknown */
                            isDev: boolean | null;
                            /** @description wallet badge; null until the wallet's badges are computed */
                            isProTrader: boolean | null;
                            /** @description bought in the first seconds or blocks of the token's first market (see the labels README); null when the token has no stored market */
                            isSniper: boolean | null;
                            /** @description last trade in the window */
                            lastTradeAt: number;
                            /** @description bought minus sold in the window, floored at 0 (tokens sold beyond it came from earlier buys) */
                            openTokens: string | null;
                            /** @description value of the open position; null on windowed rankings (filled by token top traders with timeframe=all) */
                            positionValueNative: number | null;
                            /** @description value of the open position; null on windowed rankings (filled by token top traders with timeframe=all) */
                            positionValueUsd: number | null;
                            /** @description 1-based position in this ranking */
                            rank: number;
                            /** @description net native cashflow over the window: sold minus bought; null when a trade of the window has no known native value (or, on Solana, USD rate) */
                            realizedPnlNative: number | null;
                            /** @description net USD cashflow over the window; null when a trade of the window has no known native value (or, on Solana, USD rate) */
                            realizedPnlUsd: number | null;
                            sells: number;
                            /** @description native value sold; null when a trade of the window has no known native value (or, on Solana, USD rate) */
                            soldNative: number | null;
                            /** @description whole tokens sold in the window */
                            soldTokens: string | null;
                            /** @description USD sold; null when a trade of the window has no known native value (or, on Solana, USD rate) */
                            soldUsd: number | null;
                            /** @description total PnL; null on windowed rankings (filled by token top traders with timeframe=all) */
                            totalPnlNative: number | null;
                            /** @description total PnL; null on windowed rankings (filled by token top traders with timeframe=all) */
                            totalPnlUsd: number | null;
                            /** @description unrealized PnL; null on windowed rankings (filled by token top traders with timeframe=all) */
                            unrealizedPnlNative: number | null;
                            /** @description unrealized PnL; null on windowed rankings (filled by token top traders with timeframe=all) */
                            unrealizedPnlUsd: number | null;
                            /** @description share of profitable closed positions; null on windowed rankings (filled by token top traders with timeframe=all) */
                            winRatePct: number | null;
                        }[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                            /** @enum {string} */
                            order: "desc" | "asc";
                            /** @description the token's markets summed (at most 200, most native liquidity first) */
                            pools: string[];
                            /** @enum {string} */
                            sortBy: "pnl" | "bought" | "sold" | "txns";
                            /** @enum {string} */
                            timeframe: "all" | "1h" | "4h" | "1d" | "7d" | "30d";
                            /** @description distinct wallets that traded the token's markets in the window */
                            traderCount: number;
                            /** @enum {string} */
                            usdBasis: "spot" | "trade";
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1TokenTrades: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                /** @description opaque, from meta.nextCursor */
                cursor?: string;
                /** @description inclusive lower bound; unix milliseconds. A positive value below 10^11 is read as seconds and refused with 400. */
                fromAt?: number;
                /** @description opt-in fields: traderTxCounts adds traderTxCount (the maker's trade count on the tape's markets) to each row; comma-separated, 1 to 1 items */
                include?: string;
                limit?: number;
                /** @description participant address: only this maker's trades */
                maker?: string;
                /** @description minimum amount in whole tokens */
                minAmountToken?: number;
                /** @description minimum value in the native coin */
                minVolumeNative?: number;
                /** @description minimum value in USD (priced like volumeUsd) */
                minVolumeUsd?: number;
                /** @description desc: newest first; asc: oldest first. A cursor belongs to its order. */
                order?: "desc" | "asc";
                /** @description restrict to these markets; comma-separated, 1 to 50 pool addresses */
                pools?: string;
                /** @description only buys or only sells */
                side?: "buy" | "sell";
                /** @description inclusive upper bound; unix milliseconds. A positive value below 10^11 is read as seconds and refused with 400. At most 7 days ahead. */
                toAt?: number;
                /** @description Solana only: washOnly keeps only wash trades, excludeWash drops them */
                wash?: "washOnly" | "excludeWash";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            amountQuote: number | null;
                            amountToken: number | null;
                            /** @description unix milliseconds */
                            at: number;
                            block: number;
                            feesNative: number | null;
                            id: string;
                            isBuy: boolean;
                            /** @description the maker's proTrader badge (rules in the traders README); null until the badge job has judged the wallet */
                            isProTrader: boolean | null;
                            /** @description the maker bought in the first seconds or blocks of the token's first market; null when that market is unknown */
                            isSniper: boolean | null;
                            isWash: boolean | null;
                            logIndex: number;
                            maker: string;
                            poolAddress: string;
                            preconfirmed: boolean;
                            priceNative: number | null;
                            priceUsd: number | null;
                            quoteToken: {
                                address: string;
                                decimals: number | null;
                                name: string | null;
                                symbol: string | null;
                            };
                            /** @description with include=traderTxCounts: the maker's trade count on the tape's markets */
                            traderTxCount?: number;
                            txHash: string;
                            volumeNative: number | null;
                            volumeUsd: number | null;
                        }[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                            hasMore: boolean;
                            nextCursor: string | null;
                            /** @enum {string} */
                            usdBasis: "spot" | "trade";
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1Usage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            credits: {
                                /** @description Credits usable this month: `used` plus `remaining`. */
                                limit: number;
                                /** @description Credits usable now (the `X-Credits-Remaining` figure): carry-over credits left plus what is left of this month's billing allowance (spend cap / price per credit, or the enterprise contract). */
                                remaining: number;
                                /** @description Credits charged this month, all keys of the account. */
                                used: number;
                            };
                            /** @description The calling key. */
                            keyId: string;
                            /** @description The UTC calendar month the figures cover, `YYYY-MM`. */
                            month: string;
                            /**
                             * @description Pay-as-you-go, or an enterprise contract.
                             * @enum {string}
                             */
                            plan: "payg" | "enterprise";
                            /** @description Requests this month, all keys (stream events count one each). */
                            requests: number;
                            /**
                             * @description Portal keys report account-wide figures: all keys together.
                             * @constant
                             */
                            scope: "account";
                            /** @description The account the key belongs to. */
                            tenant: string;
                        };
                        meta: {
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1UsageBreakdown: {
        parameters: {
            query?: {
                /** @description Start, unix ms, rounded down to 15 minutes. Default: the start of the current UTC month. */
                from?: string;
                /** @description `key` (default): the calling key only. `account`: all keys of the account together. */
                scope?: "key" | "account";
                /** @description End (exclusive), unix ms, rounded up to 15 minutes. Default: now. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Credits charged. */
                            credits: number;
                            /** @description `<METHOD> <path>` for REST calls (`GET /v1/token`), `stream:<channel>` for stream channels. */
                            endpoint: string;
                            /** @description Non-2xx answers (not billed). */
                            errors: number;
                            /** @enum {string} */
                            kind: "rest" | "stream";
                            /** @description Requests answered; for stream channels, delivered events. */
                            requests: number;
                        }[];
                        meta: {
                            asOf: number;
                            from: number;
                            /** @enum {string} */
                            scope: "key" | "account";
                            to: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1UsageHistory: {
        parameters: {
            query?: {
                /** @description Bucket size. Buckets are aligned to the unix epoch, so `1d` buckets are UTC days. */
                bucket?: "15m" | "1h" | "6h" | "1d";
                /** @description Start, unix ms, rounded down to its bucket. Default: `to` minus 24 hours (15m, 1h), 7 days (6h) or 30 days (1d). */
                from?: string;
                /** @description `key` (default): the calling key only. `account`: all keys of the account together. */
                scope?: "key" | "account";
                /** @description End (exclusive), unix ms, rounded up to a bucket boundary. Default: now. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Bucket start, unix ms. */
                            at: number;
                            /** @description Credits charged. */
                            credits: number;
                            /** @description Requests answered with a non-2xx status (not billed). */
                            errors: number;
                            /** @description Requests answered (stream channels: delivered events). */
                            requests: number;
                        }[];
                        meta: {
                            asOf: number;
                            /** @enum {string} */
                            bucket: "15m" | "1h" | "6h" | "1d";
                            /** @description Start of the first bucket. */
                            from: number;
                            /** @enum {string} */
                            scope: "key" | "account";
                            /** @description End of the last bucket (exclusive). */
                            to: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1WalletClosedPositions: {
        parameters: {
            query: {
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain?: string;
                limit?: number;
                offset?: number;
                /** @description lastTradeAt: newest exit first; pnl: largest realized PnL first */
                sort?: "lastTradeAt" | "pnl";
                /** @description token addresses of the wallet's chain; rows and summary cover only these; comma-separated, 1 to 50 items */
                tokens?: string;
                /** @description wallet address: EVM hex (case-insensitive) or Solana base58 */
                wallet: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            address: string;
                            buyCount: number;
                            buyFeesUsd: number | null;
                            chain: string;
                            decimals: number;
                            iconUrl: string | null;
                            /** @description the exit */
                            lastTradeAt: number;
                            name: string;
                            realizedPnlNative: number;
                            /** @description realized PnL over total USD bought, in percent (0 when no buy had a known value) */
                            realizedPnlPercent: number;
                            realizedPnlUsd: number;
                            sellCount: number;
                            sellFeesUsd: number | null;
                            symbol: string;
                            totalBuyNative: number;
                            totalBuyUsd: number;
                            totalFeesUsd: number | null;
                            totalSellNative: number;
                            totalSellUsd: number;
                        }[];
                        meta: {
                            /** @description time of the snapshot every page of the next minute is cut from */
                            asOf: number;
                            hasMore: boolean;
                            /** @description exit time (lastTradeAt) of the page's last row; null on an empty page */
                            oldestAt: number | null;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1WalletEquityHistory: {
        parameters: {
            query: {
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                /** @description oldest time of the history, rounded down to the minute; default 24 hours before to. At most 366 days before to; unix milliseconds. A positive value below 10^11 is read as seconds and refused with 400. */
                from?: number;
                /** @description latest time of the history, rounded down to the minute (a later minute than the request's is the request's); default now; unix milliseconds. A positive value below 10^11 is read as seconds and refused with 400. At most 1 days ahead. */
                to?: number;
                /** @description wallet address: EVM hex (case-insensitive) or Solana base58 */
                wallet: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description the wallet's latest recorded balances at each token's current main pool price and the latest native/USD rate; tokens of unknown price left out (meta.unvaluedTokens) */
                            currentValueUsd: number;
                            /** @description oldest first: to, then every meta.intervalMs back while at or after from; at most 500 points */
                            points: {
                                /** @description a minute start, unix milliseconds */
                                at: number;
                                /** @description the wallet's recorded holdings at the end of that minute, valued at that minute's prices; held tokens of unknown price left out (meta.unvaluedTokens, meta.partialPoints) */
                                valueUsd: number;
                            }[];
                        };
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                            /** @description from rounded down to the minute (ms) */
                            from: number;
                            /** @description the points' spacing: the finest of 1 min, 5 min, 15 min, 1 h, 4 h, 1 d that keeps the range within 500 points */
                            intervalMs: number;
                            /** @description true when the native coin's own balance is counted at every point: on Solana when the wallet's lamports are known from before the end of the first point's minute (meta.nativeKnownFrom). Always false on EVM, where ETH moves without logs; wrapped native (WETH, wrapped SOL) is counted either way */
                            nativeIncluded: boolean;
                            /** @description Solana: unix ms of the first logged change of the wallet's lamports; its SOL is counted from there on (points before it leave SOL out) and is unknown before. The ingest logs a wallet's lamports from the first transaction in which it moves a tracked token and is one of the transaction's accounts. null when never logged, and on EVM */
                            nativeKnownFrom: number | null;
                            /** @description points whose valueUsd leaves out a token of meta.unvaluedTokens */
                            partialPoints: number;
                            /** @description to rounded down to the minute (ms); the last point */
                            to: number;
                            /** @description tokens held at some point (or now) whose USD price was unknown there (no trade of their main pool yet, no native/USD rate within the hour before the minute, or unknown decimals): left out of those values, never counted as zero */
                            unvaluedTokens: string[];
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1WalletFunding: {
        parameters: {
            query: {
                /** @description chain id */
                chain: string;
                /** @description wallet address (EVM hex is case-insensitive; Solana base58) */
                wallet: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description integer string in the chain's smallest native unit (wei, lamports) */
                            amountNative: string;
                            chain: string;
                            /** @description unix milliseconds of the funding transfer's block */
                            fundedAt: number;
                            /** @description the address the funding transfer came from */
                            funder: string;
                            /** @description exchange or bridge the funder belongs to, from the label set; null when it is not listed */
                            funderTag: string | null;
                            /** @description the funding transaction (Solana: its signature) */
                            txHash: string;
                        };
                        meta: {
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1WalletFunding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    items: {
                        /** @description chain id */
                        chain: string;
                        /** @description wallet address */
                        wallet: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description one slot per input item, in input order */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            data: {
                                /** @description integer string in the chain's smallest native unit (wei, lamports) */
                                amountNative: string;
                                chain: string;
                                /** @description unix milliseconds of the funding transfer's block */
                                fundedAt: number;
                                /** @description the address the funding transfer came from */
                                funder: string;
                                /** @description exchange or bridge the funder belongs to, from the label set; null when it is not listed */
                                funderTag: string | null;
                                /** @description the funding transaction (Solana: its signature) */
                                txHash: string;
                            };
                        } | {
                            error: {
                                code: string;
                                message: string;
                            };
                        })[];
                        meta: {
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body exceeds the size bound */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1WalletPnl: {
        parameters: {
            query: {
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                /** @description first day of the curve (rounded down to its UTC midnight); default: 29 days before to's day, so the curve has 30 days; unix milliseconds. A positive value below 10^11 is read as seconds and refused with 400. */
                from?: number;
                /** @description last day of the curve (rounded down to its UTC midnight; a later day than today is today); default now. At most 366 days from from's day; unix milliseconds. A positive value below 10^11 is read as seconds and refused with 400. At most 1 days ahead. */
                to?: number;
                /** @description wallet address: EVM hex (case-insensitive) or Solana base58 */
                wallet: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description one entry per UTC day from from's day to to's day, oldest first */
                            days: {
                                /** @description the day's UTC midnight, unix milliseconds */
                                at: number;
                                /** @description tokens with an open bag at the day's close */
                                openPositions: number;
                                /** @description realized by the day's sells (average cost) */
                                realizedPnlUsd: number;
                                /** @description the wallet's trade events of the day */
                                trades: number;
                                /** @description at the day's close: each open bag's priced tokens at its token's main pool close, less the bag's cost; bags of unknown close left out */
                                unrealizedPnlUsd: number;
                                /** @description open bags left out of unrealizedPnlUsd (no close price or decimals known) */
                                unvaluedPositions: number;
                            }[];
                            summary: {
                                /** @description buys of the curve's days of known value */
                                boughtUsd: number;
                                /** @description tokens whose sells realized a PnL of zero or less over the curve's days */
                                losses: number;
                                /** @description realized by the sells of the curve's days */
                                realizedPnlUsd: number;
                                /** @description sells of the curve's days of known value */
                                soldUsd: number;
                                /** @description realizedPnlUsd plus unrealizedPnlUsd */
                                totalPnlUsd: number;
                                /** @description the wallet's trade events (a transaction per token and side) of the days */
                                trades: number;
                                /** @description at the last day's close (the same as that day's) */
                                unrealizedPnlUsd: number;
                                /** @description wins over wins plus losses, in percent; null when no sell of the days realized anything */
                                winRatePct: number | null;
                                /** @description tokens whose sells realized a positive PnL over the curve's days */
                                wins: number;
                            };
                        };
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                            /** @description the curve's first day (UTC midnight, ms) */
                            from: number;
                            /** @description the curve's last day (UTC midnight, ms) */
                            to: number;
                            /**
                             * @description spot on EVM (every figure at the current native price), trade on Solana (trades at their minute's SOL/USD, closes at the day's)
                             * @enum {string}
                             */
                            usdBasis: "spot" | "trade";
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1WalletPositions: {
        parameters: {
            query: {
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                /** @description adds the native balance row (kind native) */
                includeNative?: boolean;
                /** @description adds USD stablecoin rows (kind stable) */
                includeStables?: boolean;
                /** @description omit for every row */
                limit?: number;
                /** @description rows worth less are left out (0 keeps every row); a traded position whose value is unknown is always listed */
                minValueUsd?: number;
                offset?: number;
                /** @description token addresses of the wallet's chain; rows and summary cover only these; comma-separated, 1 to 50 items */
                tokens?: string;
                /** @description wallet address: EVM hex (case-insensitive) or Solana base58 */
                wallet: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            address: string;
                            /** @description on-chain balance, already scaled by decimals */
                            amount: string;
                            /** @description proceeds of selling the whole amount into the main pool now, pool fee and price impact included (curve price on a live bonding curve); face value on native and stable rows; null when no pool has usable reserves */
                            amountUsd: number | null;
                            boughtTokens: string;
                            boughtUsd: number;
                            /** @description network fees and tips of the buys, USD at each transaction's minute; null when one is unknown or for rows without trades */
                            buyFeesUsd: number | null;
                            buys: number;
                            chain: string;
                            /** @description main pool price; null when it has none */
                            currentPriceUsd: number | null;
                            decimals: number;
                            /** @description average entry over every buy */
                            entryPriceLifetimeUsd: number | null;
                            /** @description average entry of the current bag (it restarts after a full exit) */
                            entryPriceUsd: number | null;
                            /** @description average price of all sells; null when nothing sold */
                            exitPriceUsd: number | null;
                            firstTradeAt: number | null;
                            /** @description when the current bag was opened; null without one */
                            holdingSince: number | null;
                            /** @description https URL */
                            iconUrl: string | null;
                            /** @enum {string} */
                            kind: "position" | "native" | "stable";
                            /** @description in this order, those that hold: dev (the wallet created the token), sniper and bundler (of the token's launch), whale (at least 500,000 USD of the token traded over the last 30 days), proTrader and smartTrader (wallet badges repeated on each row); [] on native and stable rows. Rules in the traders README */
                            labels: ("dev" | "sniper" | "bundler" | "whale" | "proTrader" | "smartTrader")[];
                            lastTradeAt: number | null;
                            /** @description currentPriceUsd times total supply; null on native and stable rows */
                            marketCapUsd: number | null;
                            name: string;
                            /** @description realized over the token's whole history (counted here or on closed positions, never both); null on native and stable rows, 0 on holdings without cost basis */
                            realizedPnlUsd: number | null;
                            sellFeesUsd: number | null;
                            sells: number;
                            soldTokens: string;
                            soldUsd: number;
                            symbol: string;
                            totalFeesUsd: number | null;
                            /** @description realized plus unrealized (unknown unrealized counts 0); null on native and stable rows */
                            totalPnlUsd: number | null;
                            /** @description value of the bag's part of the balance minus its cost; null when the value is unknown */
                            unrealizedPnlUsd: number | null;
                        }[];
                        meta: {
                            /** @description when the holdings were read from the chain's node */
                            asOf: number;
                            hasMore: boolean;
                            summary: {
                                /** @description rows across every page (after minValueUsd) */
                                positions: number;
                                realizedPnlUsd: number;
                                totalPnlUsd: number;
                                /** @description every row whatever minValueUsd and the page, rows of known value */
                                totalValueUsd: number;
                                /** @description rows of known unrealized PnL */
                                unrealizedPnlUsd: number;
                            };
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1WalletProfile: {
        parameters: {
            query: {
                /** @description EVM hex address (case-insensitive) or Solana base58 address */
                address: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description other wallets of the same verified social identity; [] without one */
                            linkedWallets: string[];
                            /** @description null for a wallet without known identity */
                            profile: {
                                address: string;
                                avatarUrl: string | null;
                                /** @description Basenames primary name on Base, forward-verified likewise */
                                basename: string | null;
                                bio: string | null;
                                /** @description a source's display name, else the first verified on-chain name */
                                displayName: string | null;
                                /** @description ENS primary name (reverse record whose forward address is this wallet) */
                                ensName: string | null;
                                /** @description network key to follower count, where known */
                                followerCounts: {
                                    [key: string]: number;
                                };
                                /** @description `<network>:<handle>` of the social identity; a wallet known only by an on-chain name is `<resolver>:<name>` */
                                identityGroup: string;
                                /** @description the `proTrader` badge on any chain of the wallet's family */
                                isProTrader: boolean;
                                /** @description network key to handle; `url` is the profile's web page, present when a source gives one */
                                socials: {
                                    [key: string]: string;
                                };
                                /** @description SNS favourite domain, while the wallet still owns it */
                                solName: string | null;
                                /** @description resolvers (`ens`, `basename`, `sns`) and identity sources that answered */
                                sources: string[];
                            } | null;
                        };
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1WalletProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    items: {
                        /** @description EVM or Solana address */
                        address: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description one slot per input item, in input order */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            data: {
                                address: string;
                                avatarUrl: string | null;
                                /** @description Basenames primary name on Base, forward-verified likewise */
                                basename: string | null;
                                bio: string | null;
                                /** @description a source's display name, else the first verified on-chain name */
                                displayName: string | null;
                                /** @description ENS primary name (reverse record whose forward address is this wallet) */
                                ensName: string | null;
                                /** @description network key to follower count, where known */
                                followerCounts: {
                                    [key: string]: number;
                                };
                                /** @description `<network>:<handle>` of the social identity; a wallet known only by an on-chain name is `<resolver>:<name>` */
                                identityGroup: string;
                                /** @description the `proTrader` badge on any chain of the wallet's family */
                                isProTrader: boolean;
                                /** @description network key to handle; `url` is the profile's web page, present when a source gives one */
                                socials: {
                                    [key: string]: string;
                                };
                                /** @description SNS favourite domain, while the wallet still owns it */
                                solName: string | null;
                                /** @description resolvers (`ens`, `basename`, `sns`) and identity sources that answered */
                                sources: string[];
                            } | null;
                        } | {
                            error: {
                                code: string;
                                message: string;
                            };
                        })[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body exceeds the size bound */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1WalletSwaps: {
        parameters: {
            query: {
                /** @description swaps strictly older (former form of the upper bound; not with to); unix milliseconds. A positive value below 10^11 is read as seconds and refused with 400. */
                beforeAt?: number;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                /** @description opaque, from meta.nextCursor; exact keyset (never skips or repeats a transaction) */
                cursor?: string;
                /** @description inclusive lower bound; unix milliseconds. A positive value below 10^11 is read as seconds and refused with 400. */
                from?: number;
                /** @description inclusive lower bound, former name of from (not with from); unix milliseconds. A positive value below 10^11 is read as seconds and refused with 400. */
                fromAt?: number;
                limit?: number;
                /** @description inclusive upper bound; unix milliseconds. A positive value below 10^11 is read as seconds and refused with 400. */
                to?: number;
                /** @description wallet address: EVM hex (case-insensitive) or Solana base58 */
                wallet: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description unix milliseconds */
                            at: number;
                            block: number;
                            chain: string;
                            /** @description total fee paid for the transaction in the chain's native unit */
                            feesNative: number | null;
                            id: string;
                            /** @description net flow delivered to the wallet, largest first */
                            received: {
                                /** @description whole units; null when the decimals are unknown */
                                amount: number | null;
                                /** @description null when the token is unknown */
                                decimals: number | null;
                                name: string | null;
                                symbol: string | null;
                                tokenAddress: string;
                            }[];
                            /** @description ordered from the sent asset to the received asset; each leg keeps the exact asset it exchanged */
                            route: {
                                poolAddress: string;
                                poolType: string;
                                received: {
                                    amount: number | null;
                                    tokenAddress: string;
                                };
                                /** @description Solana only: the program that carried the swap; null for a direct swap */
                                router?: {
                                    /** @description when the program is a known router */
                                    name?: string;
                                    programId: string;
                                } | null;
                                sent: {
                                    amount: number | null;
                                    tokenAddress: string;
                                };
                            }[];
                            /** @description Solana only, on swaps from 2026-09-21 onward: the router of the largest routed leg, null for a direct swap */
                            router?: {
                                /** @description when the program is a known router */
                                name?: string;
                                programId: string;
                            } | null;
                            /** @description net flow taken from the wallet across all legs (its own balance changes), largest first; native and wrapped native are one asset */
                            sent: {
                                /** @description whole units; null when the decimals are unknown */
                                amount: number | null;
                                /** @description null when the token is unknown */
                                decimals: number | null;
                                name: string | null;
                                symbol: string | null;
                                tokenAddress: string;
                            }[];
                            txHash: string;
                            volumeNative: number | null;
                            volumeUsd: number | null;
                        }[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                            /** @description false only when the wallet's history (within the bounds) is fully served */
                            hasMore: boolean;
                            nextCursor: string | null;
                            oldestAt: number | null;
                            /**
                             * @description spot on EVM (current native price), trade on Solana
                             * @enum {string}
                             */
                            usdBasis: "spot" | "trade";
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postV1WalletSwaps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description strictly older, shared; ignored for an item carrying a cursor; unix milliseconds (a positive value below 10^11 is read as seconds and refused) */
                    beforeAt?: number;
                    /** @description inclusive lower bound, shared; unix milliseconds (a positive value below 10^11 is read as seconds and refused) */
                    from?: number;
                    /** @description inclusive lower bound, former name of from; unix milliseconds (a positive value below 10^11 is read as seconds and refused) */
                    fromAt?: number;
                    items: {
                        /** @description chain id */
                        chain: string;
                        /** @description the nextCursor of this wallet's previous slot */
                        cursor?: string;
                        /** @description wallet address */
                        wallet: string;
                    }[];
                    /**
                     * @description per wallet
                     * @default 50
                     */
                    limit?: number;
                    /** @description inclusive upper bound, shared; unix milliseconds (a positive value below 10^11 is read as seconds and refused) */
                    to?: number;
                };
            };
        };
        responses: {
            /** @description one slot per input item, in input order */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            data: {
                                /** @description unix milliseconds */
                                at: number;
                                block: number;
                                chain: string;
                                /** @description total fee paid for the transaction in the chain's native unit */
                                feesNative: number | null;
                                id: string;
                                /** @description net flow delivered to the wallet, largest first */
                                received: {
                                    /** @description whole units; null when the decimals are unknown */
                                    amount: number | null;
                                    /** @description null when the token is unknown */
                                    decimals: number | null;
                                    name: string | null;
                                    symbol: string | null;
                                    tokenAddress: string;
                                }[];
                                /** @description ordered from the sent asset to the received asset; each leg keeps the exact asset it exchanged */
                                route: {
                                    poolAddress: string;
                                    poolType: string;
                                    received: {
                                        amount: number | null;
                                        tokenAddress: string;
                                    };
                                    /** @description Solana only: the program that carried the swap; null for a direct swap */
                                    router?: {
                                        /** @description when the program is a known router */
                                        name?: string;
                                        programId: string;
                                    } | null;
                                    sent: {
                                        amount: number | null;
                                        tokenAddress: string;
                                    };
                                }[];
                                /** @description Solana only, on swaps from 2026-09-21 onward: the router of the largest routed leg, null for a direct swap */
                                router?: {
                                    /** @description when the program is a known router */
                                    name?: string;
                                    programId: string;
                                } | null;
                                /** @description net flow taken from the wallet across all legs (its own balance changes), largest first; native and wrapped native are one asset */
                                sent: {
                                    /** @description whole units; null when the decimals are unknown */
                                    amount: number | null;
                                    /** @description null when the token is unknown */
                                    decimals: number | null;
                                    name: string | null;
                                    symbol: string | null;
                                    tokenAddress: string;
                                }[];
                                txHash: string;
                                volumeNative: number | null;
                                volumeUsd: number | null;
                            }[];
                            /** @description false only when the wallet's history (within the bounds) is fully served */
                            hasMore: boolean;
                            nextCursor: string | null;
                            oldestAt: number | null;
                            /**
                             * @description spot on EVM (current native price), trade on Solana
                             * @enum {string}
                             */
                            usdBasis: "spot" | "trade";
                        } | {
                            error: {
                                code: string;
                                message: string;
                            };
                        })[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body exceeds the size bound */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getV1WalletTrades: {
        parameters: {
            query: {
                /** @description EVM only: trades strictly older; pass meta.oldestAt, which carries a fraction when a page ends inside a millisecond. Unix milliseconds; a positive value below 10^11 is read as seconds and refused with 400. */
                beforeAt?: number;
                /** @description chain id: evm:<EIP-155 chain id> or solana */
                chain: string;
                limit?: number;
                /** @description wallet address: EVM hex (case-insensitive) or Solana base58 */
                wallet: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description success */
            200: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            amountToken: number | null;
                            /** @description unix milliseconds */
                            at: number;
                            /** @description EVM */
                            block?: number;
                            chain: string;
                            isBuy: boolean;
                            /** @description EVM */
                            logIndex?: number;
                            /** @description Solana */
                            maker?: string;
                            /** @description EVM */
                            priceNative?: number | null;
                            /** @description Solana */
                            priceUsd?: number | null;
                            tokenAddress: string;
                            /** @description Solana */
                            tokenSymbol?: string | null;
                            txHash: string;
                            /** @description EVM */
                            volumeNative?: number | null;
                            volumeUsd: number | null;
                        }[];
                        meta: {
                            /** @description unix milliseconds */
                            asOf: number;
                            /** @description EVM: feeds the next beforeAt; the last event's at, plus a fraction when the page ends inside a millisecond */
                            oldestAt?: number | null;
                        };
                    };
                };
            };
            /** @description INVALID_PARAM: a malformed or unknown parameter; details.param names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing or invalid API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action */
            402: {
                headers: {
                    "X-Credits-Remaining": components["headers"]["CreditsRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: account suspended (details.action account_suspended) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown resource or route */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs) */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
