// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20Like {
    function balanceOf(address owner) external view returns (uint256);
}

interface IWETHLike {
    function deposit() external payable;
}

interface IV3PoolLike {
    function token0() external view returns (address);
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        returns (int256 amount0, int256 amount1);
}

struct V4PoolKey {
    address currency0;
    address currency1;
    uint24 fee;
    int24 tickSpacing;
    address hooks;
}

struct V4SwapParams {
    bool zeroForOne;
    int256 amountSpecified;
    uint160 sqrtPriceLimitX96;
}

interface IV4PoolManagerLike {
    function unlock(bytes calldata data) external returns (bytes memory);
    function swap(V4PoolKey memory key, V4SwapParams memory params, bytes calldata hookData) external returns (int256);
    function sync(address currency) external;
    function settle() external payable returns (uint256);
    function take(address currency, address to, uint256 amount) external;
    function extsload(bytes32 slot) external view returns (bytes32);
}

interface IV2PairLike {
    function getReserves() external view returns (uint112, uint112, uint32);
    function token0() external view returns (address);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

/// Never deployed: its runtime code is placed at an unused address by an eth_call state
/// override, with a native balance, and `simulate` buys the token from a Uniswap V2-style pair
/// (`simulateV3`: a Uniswap V3 pool; `simulateV4`: a Uniswap V4 pool) with wrapped native (V4: the pool's quote), then sells everything it received back
/// into the same pool. Each step's
/// amounts are returned, so the caller reads buy and sell taxes from what actually moved, and
/// the step that failed (a token that cannot be sold reverts its transfer or the pair's swap).
contract SecuritySimulator {
    uint8 constant OK = 0;
    uint8 constant BUY_FAILED = 1;
    uint8 constant SELL_TRANSFER_FAILED = 2;
    uint8 constant SELL_SWAP_FAILED = 3;
    // TickMath's bounds of sqrtPriceX96, each one step inside: a swap limited by them takes any price
    uint160 constant MIN_SQRT_PRICE_LIMIT = 4295128740;
    uint160 constant MAX_SQRT_PRICE_LIMIT = 1461446703485210103287273052203988822378723970341;

    /// How much of a transfer reached its recipient, carried out of a call that then reverts.
    error Arrived(uint256 amount);

    /// Buys with 1/`reserveDivisor` of the pair's native reserve (`amountIn`). r[0] tokens the
    /// pair sent on the buy, r[1] tokens that arrived here, r[2] tokens sent back on the sell,
    /// r[3] tokens the pair received from them, r[4] native quoted for those, r[5] native that
    /// arrived here.
    function simulate(address pair, address wrapped, address token, uint256 reserveDivisor, uint256 feeBps)
        external
        returns (uint256 amountIn, uint256[6] memory r, uint8 failedAt)
    {
        bool tokenIs0 = IV2PairLike(pair).token0() == token;
        (uint256 resToken, uint256 resNative) = reserves(pair, tokenIs0);
        amountIn = resNative / reserveDivisor;
        IWETHLike(wrapped).deposit{value: amountIn}();
        // a quote that is not the wrapped native coin ends the simulation (nothing to buy with)
        require(IERC20Like(wrapped).balanceOf(address(this)) >= amountIn, "not wrapped native");
        r[0] = amountOut(amountIn, resNative, resToken, feeBps);
        if (r[0] == 0 || !move(wrapped, pair, amountIn)) return (amountIn, r, BUY_FAILED);
        uint256 before = IERC20Like(token).balanceOf(address(this));
        try IV2PairLike(pair).swap(tokenIs0 ? r[0] : 0, tokenIs0 ? 0 : r[0], address(this), "") {}
        catch {
            return (amountIn, r, BUY_FAILED);
        }
        r[1] = IERC20Like(token).balanceOf(address(this)) - before;
        if (r[1] == 0) return (amountIn, r, BUY_FAILED);

        (resToken, resNative) = reserves(pair, tokenIs0);
        r[2] = r[1];
        if (!move(token, pair, r[2])) return (amountIn, r, SELL_TRANSFER_FAILED);
        // what the pair itself counts as paid in: its balance above its reserve
        uint256 held = IERC20Like(token).balanceOf(pair);
        r[3] = held > resToken ? held - resToken : 0;
        r[4] = amountOut(r[3], resToken, resNative, feeBps);
        if (r[4] == 0) return (amountIn, r, SELL_SWAP_FAILED);
        uint256 nativeBefore = IERC20Like(wrapped).balanceOf(address(this));
        try IV2PairLike(pair).swap(tokenIs0 ? 0 : r[4], tokenIs0 ? r[4] : 0, address(this), "") {}
        catch {
            return (amountIn, r, SELL_SWAP_FAILED);
        }
        r[5] = IERC20Like(wrapped).balanceOf(address(this)) - nativeBefore;
        return (amountIn, r, OK);
    }

    /// The same steps through a Uniswap V3 pool: buys with 1/`reserveDivisor` of the pool's wrapped
    /// native balance (exact input), then sells everything received (exact input), paying the pool
    /// in `uniswapV3SwapCallback` as a router does. r[0] tokens the pool sent, r[1] tokens that
    /// arrived here, r[2] tokens sold, r[3] tokens a transfer of them into the pool delivers
    /// (measured in a call that is then reverted, so the tax is known even when the pool refuses
    /// the short payment), r[4] native the pool sent for them, r[5] native that arrived here.
    function simulateV3(address pool, address wrapped, address token, uint256 reserveDivisor)
        external
        returns (uint256 amountIn, uint256[6] memory r, uint8 failedAt)
    {
        bool tokenIs0 = IV3PoolLike(pool).token0() == token;
        amountIn = IERC20Like(wrapped).balanceOf(pool) / reserveDivisor;
        IWETHLike(wrapped).deposit{value: amountIn}();
        require(IERC20Like(wrapped).balanceOf(address(this)) >= amountIn, "not wrapped native");
        if (amountIn == 0) return (amountIn, r, BUY_FAILED);
        uint256 before = IERC20Like(token).balanceOf(address(this));
        try IV3PoolLike(pool).swap(
            address(this), !tokenIs0, int256(amountIn), tokenIs0 ? MAX_SQRT_PRICE_LIMIT : MIN_SQRT_PRICE_LIMIT, abi.encode(wrapped)
        ) returns (int256 a0, int256 a1) {
            int256 out = tokenIs0 ? a0 : a1;
            r[0] = out < 0 ? uint256(-out) : 0;
        } catch {
            return (amountIn, r, BUY_FAILED);
        }
        r[1] = IERC20Like(token).balanceOf(address(this)) - before;
        if (r[0] == 0 || r[1] == 0) return (amountIn, r, BUY_FAILED);

        r[2] = r[1];
        try this.probeTransfer(token, pool, r[2]) {}
        catch (bytes memory reason) {
            if (reason.length != 36 || bytes4(reason) != Arrived.selector) return (amountIn, r, SELL_TRANSFER_FAILED);
            r[3] = abi.decode(slice4(reason), (uint256));
        }
        uint256 nativeBefore = IERC20Like(wrapped).balanceOf(address(this));
        try IV3PoolLike(pool).swap(
            address(this), tokenIs0, int256(r[2]), tokenIs0 ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT, abi.encode(token)
        ) returns (int256 a0, int256 a1) {
            int256 out = tokenIs0 ? a1 : a0;
            r[4] = out < 0 ? uint256(-out) : 0;
        } catch {
            return (amountIn, r, SELL_SWAP_FAILED);
        }
        r[5] = IERC20Like(wrapped).balanceOf(address(this)) - nativeBefore;
        return (amountIn, r, OK);
    }

    /// The same steps on a Uniswap V4 pool of the pool manager `manager`: buys with 1/`reserveDivisor`
    /// of the pool's virtual reserve of its other currency at the current price (the native coin,
    /// address 0, or a wrapped native ERC-20 first wrapped here), exact input, settling and taking
    /// inside `unlock` as a router does, then sells everything received. r[] as in `simulateV3`
    /// (r[3] from a reverted transfer into the manager).
    function simulateV4(address manager, V4PoolKey calldata key, address token, uint256 reserveDivisor)
        external
        returns (uint256 amountIn, uint256[6] memory r, uint8 failedAt)
    {
        bool tokenIs0 = key.currency0 == token;
        address quote = tokenIs0 ? key.currency1 : key.currency0;
        amountIn = v4QuoteReserve(manager, key, tokenIs0) / reserveDivisor;
        if (quote != address(0)) {
            IWETHLike(quote).deposit{value: amountIn}();
            require(IERC20Like(quote).balanceOf(address(this)) >= amountIn, "not wrapped native");
        }
        if (amountIn == 0) return (amountIn, r, BUY_FAILED);
        uint256 before = IERC20Like(token).balanceOf(address(this));
        try IV4PoolManagerLike(manager).unlock(abi.encode(key, !tokenIs0, amountIn, quote, token)) returns (bytes memory out) {
            r[0] = abi.decode(out, (uint256));
        } catch {
            return (amountIn, r, BUY_FAILED);
        }
        r[1] = IERC20Like(token).balanceOf(address(this)) - before;
        if (r[0] == 0 || r[1] == 0) return (amountIn, r, BUY_FAILED);

        r[2] = r[1];
        try this.probeTransfer(token, manager, r[2]) {}
        catch (bytes memory reason) {
            if (reason.length != 36 || bytes4(reason) != Arrived.selector) return (amountIn, r, SELL_TRANSFER_FAILED);
            r[3] = abi.decode(slice4(reason), (uint256));
        }
        uint256 nativeBefore = quote == address(0) ? address(this).balance : IERC20Like(quote).balanceOf(address(this));
        try IV4PoolManagerLike(manager).unlock(abi.encode(key, tokenIs0, r[2], token, quote)) returns (bytes memory out) {
            r[4] = abi.decode(out, (uint256));
        } catch {
            return (amountIn, r, SELL_SWAP_FAILED);
        }
        r[5] = (quote == address(0) ? address(this).balance : IERC20Like(quote).balanceOf(address(this))) - nativeBefore;
        return (amountIn, r, OK);
    }

    /// The pool's virtual reserve of its quote at the current price, L / sqrtP (currency0) or
    /// L * sqrtP (currency1), from the manager's storage (v4-core StateLibrary: `pools` at slot 6,
    /// slot0 first, liquidity three slots on).
    function v4QuoteReserve(address manager, V4PoolKey calldata key, bool tokenIs0) private view returns (uint256) {
        bytes32 state = keccak256(abi.encode(keccak256(abi.encode(key)), uint256(6)));
        uint256 sqrtPrice = uint256(IV4PoolManagerLike(manager).extsload(state)) & ((1 << 160) - 1);
        uint256 liquidity = uint256(IV4PoolManagerLike(manager).extsload(bytes32(uint256(state) + 3))) & ((1 << 128) - 1);
        if (sqrtPrice == 0) return 0;
        return tokenIs0 ? (liquidity * sqrtPrice) >> 96 : (liquidity << 96) / sqrtPrice;
    }

    /// One exact-input swap inside the manager's lock: swaps, pays `paid` in, takes the output
    /// here; answers the output amount the swap gave.
    function unlockCallback(bytes calldata data) external returns (bytes memory) {
        (V4PoolKey memory key, bool zeroForOne, uint256 amount, address paid, address received) =
            abi.decode(data, (V4PoolKey, bool, uint256, address, address));
        IV4PoolManagerLike manager = IV4PoolManagerLike(msg.sender);
        int256 delta = manager.swap(
            key,
            V4SwapParams(zeroForOne, -int256(amount), zeroForOne ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT),
            ""
        );
        // BalanceDelta: amount0 in the upper 128 bits, amount1 in the lower, from the caller's side
        int128 d0 = int128(delta >> 128);
        int128 d1 = int128(delta);
        int128 owed = zeroForOne ? d0 : d1;
        int128 out = zeroForOne ? d1 : d0;
        uint256 pay = owed < 0 ? uint256(uint128(-owed)) : 0;
        if (paid == address(0)) {
            manager.settle{value: pay}();
        } else {
            manager.sync(paid);
            require(move(paid, address(manager), pay), "payment failed");
            manager.settle();
        }
        uint256 got = out > 0 ? uint256(uint128(out)) : 0;
        manager.take(received, address(this), got);
        return abi.encode(got);
    }

    receive() external payable {}

    /// Pays the pool what the swap owes it, in the token named by the swap's data.
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        address paid = abi.decode(data, (address));
        uint256 owed = uint256(amount0Delta > 0 ? amount0Delta : amount1Delta);
        require(move(paid, msg.sender, owed), "payment failed");
    }

    /// Transfers `amount` to `to`, then reverts with what arrived, so nothing of it stays.
    function probeTransfer(address token, address to, uint256 amount) external {
        require(msg.sender == address(this), "self only");
        uint256 held = IERC20Like(token).balanceOf(to);
        require(move(token, to, amount), "transfer failed");
        revert Arrived(IERC20Like(token).balanceOf(to) - held);
    }

    function slice4(bytes memory b) private pure returns (bytes memory out) {
        out = new bytes(b.length - 4);
        for (uint256 i = 0; i < out.length; i++) out[i] = b[i + 4];
    }

    function reserves(address pair, bool tokenIs0) private view returns (uint256, uint256) {
        (uint112 r0, uint112 r1,) = IV2PairLike(pair).getReserves();
        return tokenIs0 ? (uint256(r0), uint256(r1)) : (uint256(r1), uint256(r0));
    }

    /// Uniswap V2's getAmountOut with the pool's fee in basis points.
    function amountOut(uint256 amountIn, uint256 resIn, uint256 resOut, uint256 feeBps) private pure returns (uint256) {
        if (amountIn == 0 || resIn == 0 || resOut == 0) return 0;
        uint256 inWithFee = amountIn * (10000 - feeBps);
        return (inWithFee * resOut) / (resIn * 10000 + inWithFee);
    }

    /// A transfer that reports failure instead of reverting (tokens that return nothing count as success).
    function move(address token, address to, uint256 amount) private returns (bool) {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        return ok && (data.length == 0 || abi.decode(data, (bool)));
    }
}
