// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// An 18-decimal ERC-20 whose owner sets a buy tax and a sell tax (in basis points, kept by the
/// owner) on transfers out of and into its pair, and can block sales into the pair altogether,
/// as taxed and honeypot tokens launched on mainnet do. The owner itself trades untaxed (it
/// seeds the pool), and can mint.
contract TradeRestrictedToken {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public owner;
    address public pair;
    uint256 public immutable buyTaxBps;
    uint256 public immutable sellTaxBps;
    bool public immutable sellsBlocked;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint256 buyBps, uint256 sellBps, bool blocked, uint256 supply) {
        name = name_;
        symbol = symbol_;
        buyTaxBps = buyBps;
        sellTaxBps = sellBps;
        sellsBlocked = blocked;
        owner = msg.sender;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function setPair(address pair_) external {
        require(msg.sender == owner, "owner only");
        pair = pair_;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == owner, "owner only");
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
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
        bool exempt = from == owner || to == owner;
        require(exempt || !sellsBlocked || to != pair, "sells disabled");
        uint256 bps = exempt ? 0 : from == pair ? buyTaxBps : to == pair ? sellTaxBps : 0;
        uint256 fee = (amount * bps) / 10_000;
        balanceOf[from] -= amount;
        balanceOf[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
        if (fee > 0) {
            balanceOf[owner] += fee;
            emit Transfer(from, owner, fee);
        }
    }
}
