// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20Like {
    function balanceOf(address owner) external view returns (uint256);
}

interface IWETHLike {
    function deposit() external payable;
}

interface IV2PairLike {
    function getReserves() external view returns (uint112, uint112, uint32);
    function token0() external view returns (address);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

/// Never deployed: its runtime code is placed at an unused address by an eth_call state
/// override, with a native balance, and `simulate` buys the token from a Uniswap V2-style pair
/// with wrapped native, then sells everything it received back into the same pair. Each step's
/// amounts are returned, so the caller reads buy and sell taxes from what actually moved, and
/// the step that failed (a token that cannot be sold reverts its transfer or the pair's swap).
contract SecuritySimulator {
    uint8 constant OK = 0;
    uint8 constant BUY_FAILED = 1;
    uint8 constant SELL_TRANSFER_FAILED = 2;
    uint8 constant SELL_SWAP_FAILED = 3;

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
