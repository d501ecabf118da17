// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IWETHDeposit {
    function deposit() external payable;
    function transfer(address to, uint256 amount) external returns (bool);
}

interface IV2Factory {
    function getPair(address a, address b) external view returns (address);
    function createPair(address a, address b) external returns (address);
}

interface IV2PairMint {
    function mint(address to) external returns (uint256);
}

/// The 18-decimal ERC-20 a launch creates: its whole supply is minted to its curve.
contract LaunchToken {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint256 supply, address holder) {
        name = name_;
        symbol = symbol_;
        totalSupply = supply;
        balanceOf[holder] = supply;
        emit Transfer(address(0), holder, supply);
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
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/// One token's bonding curve, priced in the native coin by a constant product over virtual
/// reserves (x * y = k, the pump.fun design). It sells SALE_SUPPLY tokens; the buy that sells
/// the last one graduates the curve in the same transaction: the coins it collected and the
/// tokens it kept move into a new Uniswap V2 pair (token/WETH), whose LP tokens are burnt.
/// Every trade logs CurveSync (reserves after it, tokens sold so far) and then Trade.
contract LaunchCurve {
    uint256 public constant TOTAL_SUPPLY = 1_000_000_000e18;
    uint256 public constant SALE_SUPPLY = 800_000_000e18;
    uint256 public constant VIRTUAL_TOKEN_START = 1_000_000_000e18;
    uint256 public constant VIRTUAL_ETH_START = 1e18;
    address private constant DEAD = 0x000000000000000000000000000000000000dEaD;

    address public immutable factory;
    LaunchToken public immutable token;
    IWETHDeposit public immutable weth;
    IV2Factory public immutable v2Factory;
    uint256 public virtualToken = VIRTUAL_TOKEN_START;
    uint256 public virtualEth = VIRTUAL_ETH_START;
    uint256 public sold;
    address public pair;

    event CurveSync(uint256 virtualToken, uint256 virtualEth, uint256 sold);
    event Trade(address indexed trader, bool isBuy, uint256 tokenAmount, uint256 ethAmount);
    event Graduated(address indexed pair, uint256 tokenAmount, uint256 ethAmount);

    constructor(string memory name_, string memory symbol_, IWETHDeposit weth_, IV2Factory v2Factory_) {
        factory = msg.sender;
        weth = weth_;
        v2Factory = v2Factory_;
        token = new LaunchToken(name_, symbol_, TOTAL_SUPPLY, address(this));
    }

    /// The pool interface readers look for: the launched token, then the native coin.
    function token0() external view returns (address) {
        return address(token);
    }

    function token1() external pure returns (address) {
        return address(0);
    }

    /// Buys with the coins sent; past the curve's end it sells what is left and refunds the rest.
    function buy(uint256 minTokens) external payable returns (uint256 tokensOut) {
        require(pair == address(0), "graduated");
        uint256 k = virtualToken * virtualEth;
        uint256 ethIn = msg.value;
        tokensOut = virtualToken - ceilDiv(k, virtualEth + ethIn);
        uint256 left = SALE_SUPPLY - sold;
        if (tokensOut >= left) {
            tokensOut = left;
            ethIn = ceilDiv(k, virtualToken - left) - virtualEth;
        }
        require(tokensOut > 0 && tokensOut >= minTokens, "slippage");
        virtualToken -= tokensOut;
        virtualEth += ethIn;
        sold += tokensOut;
        require(token.transfer(msg.sender, tokensOut), "pay");
        emit CurveSync(virtualToken, virtualEth, sold);
        emit Trade(msg.sender, true, tokensOut, ethIn);
        if (msg.value > ethIn) {
            (bool ok,) = msg.sender.call{value: msg.value - ethIn}("");
            require(ok, "refund");
        }
        if (sold == SALE_SUPPLY) graduate();
    }

    /// Sells tokens back to the curve (the seller approves it first).
    function sell(uint256 tokenAmount, uint256 minEth) external returns (uint256 ethOut) {
        require(pair == address(0), "graduated");
        require(tokenAmount > 0 && tokenAmount <= sold, "amount");
        uint256 k = virtualToken * virtualEth;
        ethOut = virtualEth - ceilDiv(k, virtualToken + tokenAmount);
        require(ethOut >= minEth, "slippage");
        require(token.transferFrom(msg.sender, address(this), tokenAmount), "pull");
        virtualToken += tokenAmount;
        virtualEth -= ethOut;
        sold -= tokenAmount;
        emit CurveSync(virtualToken, virtualEth, sold);
        emit Trade(msg.sender, false, tokenAmount, ethOut);
        (bool ok,) = msg.sender.call{value: ethOut}("");
        require(ok, "pay");
    }

    function graduate() private {
        uint256 ethAmount = address(this).balance;
        uint256 tokenAmount = token.balanceOf(address(this));
        address p = v2Factory.getPair(address(token), address(weth));
        if (p == address(0)) p = v2Factory.createPair(address(token), address(weth));
        pair = p;
        weth.deposit{value: ethAmount}();
        require(weth.transfer(p, ethAmount), "weth");
        require(token.transfer(p, tokenAmount), "token");
        IV2PairMint(p).mint(DEAD);
        emit Graduated(p, tokenAmount, ethAmount);
    }

    function ceilDiv(uint256 a, uint256 b) private pure returns (uint256) {
        return (a + b - 1) / b;
    }
}

/// The launchpad: `create` deploys a curve and its token, names the caller as creator and
/// records the token's metadata URI (a JSON document with its icon and socials, as pump.fun-style
/// launchpads record it) in the creation event only: nothing on chain reads it.
contract TapelineLaunchpad {
    IWETHDeposit public immutable weth;
    IV2Factory public immutable v2Factory;

    event CurveCreated(address indexed curve, address indexed token, address indexed creator, string uri);

    constructor(IWETHDeposit weth_, IV2Factory v2Factory_) {
        weth = weth_;
        v2Factory = v2Factory_;
    }

    function create(string calldata name_, string calldata symbol_, string calldata uri_)
        external
        returns (address curve, address token)
    {
        LaunchCurve c = new LaunchCurve(name_, symbol_, weth, v2Factory);
        curve = address(c);
        token = address(c.token());
        emit CurveCreated(curve, token, msg.sender, uri_);
    }
}
