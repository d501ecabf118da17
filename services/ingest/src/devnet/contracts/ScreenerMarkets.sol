// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IWETHLike {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
    function transfer(address to, uint256 amount) external returns (bool);
}

interface IV2FactoryLike {
    function createPair(address a, address b) external returns (address);
}

interface IV2PairLike {
    function getReserves() external view returns (uint112, uint112, uint32);
    function token0() external view returns (address);
    function balanceOf(address owner) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function mint(address to) external returns (uint256);
    function burn(address to) external returns (uint256, uint256);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

/// An 18-decimal ERC-20 for screener markets: the whole supply is minted to the desk, which may
/// move any holder's tokens without an allowance (so a sell is one transaction, no approval).
contract MarketToken {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public immutable desk;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint256 supply) {
        name = name_;
        symbol = symbol_;
        desk = msg.sender;
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
        if (msg.sender != desk) {
            uint256 allowed = allowance[from][msg.sender];
            if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        }
        move(from, to, amount);
        return true;
    }

    function move(address from, address to, uint256 amount) private {
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/// Launches many token/WETH Uniswap V2 markets in one transaction, trades them for the caller
/// (the caller is the trade's sender, so the maker) and drains their liquidity: enough markets
/// for the screener's universe, paging and quality filters on a devnet.
contract ScreenerDesk {
    uint256 public constant SUPPLY = 1_000_000_000e18;

    IWETHLike public immutable weth;
    IV2FactoryLike public immutable factory;

    event Launched(address indexed token, address indexed pair);

    constructor(IWETHLike weth_, IV2FactoryLike factory_) {
        weth = weth_;
        factory = factory_;
    }

    receive() external payable {}

    /// One market per entry: a new token, its pair with WETH, and liquidity of `tokens[i]`
    /// against `coins[i]` (the coins come with the call); the desk keeps the LP tokens.
    function launch(string[] calldata names, string[] calldata symbols, uint256[] calldata tokens, uint256[] calldata coins)
        external
        payable
    {
        for (uint256 i = 0; i < names.length; i++) {
            MarketToken t = new MarketToken(names[i], symbols[i], SUPPLY);
            address pair = factory.createPair(address(t), address(weth));
            weth.deposit{value: coins[i]}();
            require(weth.transfer(pair, coins[i]), "weth");
            require(t.transfer(pair, tokens[i]), "token");
            IV2PairLike(pair).mint(address(this));
            emit Launched(address(t), pair);
        }
    }

    /// Burns `bps`/10000 of the desk's LP tokens of `pair` (the liquidity leaves the pool).
    function drain(address pair, uint256 bps) external {
        uint256 lp = (IV2PairLike(pair).balanceOf(address(this)) * bps) / 10_000;
        require(IV2PairLike(pair).transfer(pair, lp), "lp");
        IV2PairLike(pair).burn(address(this));
    }

    /// Buys `token` with the coins sent; the tokens go to the caller.
    function buy(address pair, address token) external payable {
        weth.deposit{value: msg.value}();
        require(weth.transfer(pair, msg.value), "weth");
        swapOut(pair, token, msg.value, msg.sender);
    }

    /// Sells `bps`/10000 of the caller's `token` for coins sent back to the caller.
    function sell(address pair, address token, uint256 bps) external {
        uint256 amount = (MarketToken(token).balanceOf(msg.sender) * bps) / 10_000;
        require(amount > 0, "nothing to sell");
        require(MarketToken(token).transferFrom(msg.sender, pair, amount), "pull");
        uint256 got = swapOut(pair, address(weth), amount, address(this));
        weth.withdraw(got);
        (bool ok,) = msg.sender.call{value: got}("");
        require(ok, "pay");
    }

    /// Swaps `amountIn` (already in the pair) for `tokenOut` at the pair's 0.3% fee.
    function swapOut(address pair, address tokenOut, uint256 amountIn, address to) private returns (uint256 out) {
        (uint112 r0, uint112 r1,) = IV2PairLike(pair).getReserves();
        bool outIs0 = IV2PairLike(pair).token0() == tokenOut;
        (uint256 rIn, uint256 rOut) = outIs0 ? (uint256(r1), uint256(r0)) : (uint256(r0), uint256(r1));
        out = (amountIn * 997 * rOut) / (rIn * 1000 + amountIn * 997);
        IV2PairLike(pair).swap(outIs0 ? out : 0, outIs0 ? 0 : out, to, "");
    }
}
