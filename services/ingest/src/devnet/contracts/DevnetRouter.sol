// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IERC20 {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function balanceOf(address owner) external view returns (uint256);
}

interface IWETH is IERC20 {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}

interface IV2Pair {
    function getReserves() external view returns (uint112, uint112, uint32);
    function token0() external view returns (address);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

interface IV3Pool {
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        returns (int256, int256);
}

struct PoolKey {
    address currency0;
    address currency1;
    uint24 fee;
    int24 tickSpacing;
    address hooks;
}

struct SwapParams {
    bool zeroForOne;
    int256 amountSpecified;
    uint160 sqrtPriceLimitX96;
}

interface IPoolManager {
    function unlock(bytes calldata data) external returns (bytes memory);
    function swap(PoolKey memory key, SwapParams memory params, bytes calldata hookData) external returns (int256);
    function sync(address currency) external;
    function settle() external payable returns (uint256);
    function take(address currency, address to, uint256 amount) external;
}

/// Exact-input swaps along any sequence of Uniswap V2 pairs, V3 pools and V4 pools, as an
/// aggregator routes them: the router holds each hop's output, wraps or unwraps between a
/// WETH hop and a native-coin V4 hop, and measures every amount by its own balance, so
/// fee-on-transfer tokens route too. Address zero is the native coin.
contract DevnetRouter {
    struct Hop {
        uint8 kind; // 2: V2 pair, 3: V3 pool, 4: V4 pool
        address pool; // the pair or pool (unused on V4)
        PoolKey key; // V4 only
        address tokenIn;
        address tokenOut;
    }

    uint160 private constant MIN_SQRT = 4295128740;
    uint160 private constant MAX_SQRT = 1461446703485210103287273052203988822378723970341;

    IWETH public immutable weth;
    IPoolManager public immutable manager;
    address private expectedPool;

    constructor(IWETH weth_, IPoolManager manager_) {
        weth = weth_;
        manager = manager_;
    }

    receive() external payable {}

    function swap(Hop[] calldata hops, uint256 amountIn, uint256 minOut, address to)
        external
        payable
        returns (uint256 amount)
    {
        address held = hops[0].tokenIn;
        if (msg.value > 0) {
            require(msg.value == amountIn, "value");
            held = address(0);
            amount = amountIn;
        } else {
            uint256 before = balanceOf(held);
            require(IERC20(held).transferFrom(msg.sender, address(this), amountIn), "pull");
            amount = balanceOf(held) - before;
        }
        for (uint256 i = 0; i < hops.length; i++) {
            Hop calldata h = hops[i];
            convert(held, h.tokenIn, amount);
            uint256 before = balanceOf(h.tokenOut);
            if (h.kind == 2) swapV2(h, amount);
            else if (h.kind == 3) swapV3(h, amount);
            else swapV4(h, amount);
            amount = balanceOf(h.tokenOut) - before;
            held = h.tokenOut;
        }
        require(amount >= minOut, "slippage");
        if (held == address(0)) {
            (bool ok,) = to.call{value: amount}("");
            require(ok, "pay");
        } else {
            require(IERC20(held).transfer(to, amount), "pay");
        }
    }

    function balanceOf(address token) private view returns (uint256) {
        return token == address(0) ? address(this).balance : IERC20(token).balanceOf(address(this));
    }

    function convert(address held, address wanted, uint256 amount) private {
        if (held == wanted) return;
        if (held == address(0) && wanted == address(weth)) weth.deposit{value: amount}();
        else if (held == address(weth) && wanted == address(0)) weth.withdraw(amount);
        else revert("hop");
    }

    function swapV2(Hop calldata h, uint256 amount) private {
        IV2Pair pair = IV2Pair(h.pool);
        bool zeroIn = pair.token0() == h.tokenIn;
        (uint112 r0, uint112 r1,) = pair.getReserves();
        (uint256 rIn, uint256 rOut) = zeroIn ? (uint256(r0), uint256(r1)) : (uint256(r1), uint256(r0));
        require(IERC20(h.tokenIn).transfer(h.pool, amount), "v2 pay");
        uint256 got = IERC20(h.tokenIn).balanceOf(h.pool) - rIn;
        uint256 out = (got * 997 * rOut) / (rIn * 1000 + got * 997);
        pair.swap(zeroIn ? 0 : out, zeroIn ? out : 0, address(this), "");
    }

    function swapV3(Hop calldata h, uint256 amount) private {
        bool zeroForOne = h.tokenIn < h.tokenOut;
        expectedPool = h.pool;
        IV3Pool(h.pool).swap(address(this), zeroForOne, int256(amount), zeroForOne ? MIN_SQRT : MAX_SQRT, abi.encode(h.tokenIn));
        expectedPool = address(0);
    }

    function uniswapV3SwapCallback(int256 amount0, int256 amount1, bytes calldata data) external {
        require(msg.sender == expectedPool, "caller");
        address token = abi.decode(data, (address));
        require(IERC20(token).transfer(msg.sender, uint256(amount0 > 0 ? amount0 : amount1)), "v3 pay");
    }

    function swapV4(Hop calldata h, uint256 amount) private {
        manager.unlock(abi.encode(h.key, h.tokenIn == h.key.currency0, amount));
    }

    function unlockCallback(bytes calldata data) external returns (bytes memory) {
        require(msg.sender == address(manager), "caller");
        (PoolKey memory key, bool zeroForOne, uint256 amount) = abi.decode(data, (PoolKey, bool, uint256));
        int256 delta = manager.swap(key, SwapParams(zeroForOne, -int256(amount), zeroForOne ? MIN_SQRT : MAX_SQRT), "");
        int128 d0 = int128(delta >> 128);
        int128 d1 = int128(delta);
        (address cin, address cout) = zeroForOne ? (key.currency0, key.currency1) : (key.currency1, key.currency0);
        uint256 paid = uint256(uint128(-(zeroForOne ? d0 : d1)));
        uint256 got = uint256(uint128(zeroForOne ? d1 : d0));
        if (cin == address(0)) {
            manager.settle{value: paid}();
        } else {
            manager.sync(cin);
            require(IERC20(cin).transfer(address(manager), paid), "v4 pay");
            manager.settle();
        }
        manager.take(cout, address(this), got);
        return "";
    }
}

/// An 18-decimal ERC-20 that keeps `feeBps` of every transfer for `feeCollector` (two Transfer
/// logs: the net amount to the recipient, the fee to the collector), like the taxed tokens
/// launched on mainnet.
contract FeeOnTransferToken {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    uint256 public immutable feeBps;
    address public immutable feeCollector;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint256 feeBps_, address feeCollector_, uint256 supply) {
        name = name_;
        symbol = symbol_;
        feeBps = feeBps_;
        feeCollector = feeCollector_;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        move(from, to, amount);
        return true;
    }

    function move(address from, address to, uint256 amount) private {
        balanceOf[from] -= amount;
        uint256 fee = (amount * feeBps) / 10_000;
        balanceOf[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
        if (fee > 0) {
            balanceOf[feeCollector] += fee;
            emit Transfer(from, feeCollector, fee);
        }
    }
}

/// A launchpad-style token factory: `create` deploys a token (its constructor mints the supply to
/// the factory, which hands it to the caller) and records the caller as its creator.
contract DevnetTokenFactory {
    event TokenCreated(address indexed token, address indexed creator);

    function create(string calldata name_, string calldata symbol_, uint256 supply) external returns (address) {
        FeeOnTransferToken token = new FeeOnTransferToken(name_, symbol_, 0, msg.sender, supply);
        require(token.transfer(msg.sender, supply), "hand over");
        emit TokenCreated(address(token), msg.sender);
        return address(token);
    }
}
