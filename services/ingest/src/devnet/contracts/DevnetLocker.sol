// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20Like {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

/// A minimal time lock for ERC-20 tokens (LP tokens included), as LP lockers work: `lock` pulls
/// the tokens from the caller (approved beforehand) and keeps them until `unlockAt`, after which
/// only the locker's owner can `withdraw` them.
contract DevnetLocker {
    struct Lock {
        address token;
        address owner;
        uint256 amount;
        uint256 unlockAt;
    }

    Lock[] public locks;

    event Locked(uint256 indexed id, address indexed token, address indexed owner, uint256 amount, uint256 unlockAt);

    function lock(address token, uint256 amount, uint256 unlockAt) external returns (uint256 id) {
        require(IERC20Like(token).transferFrom(msg.sender, address(this), amount), "transferFrom");
        id = locks.length;
        locks.push(Lock(token, msg.sender, amount, unlockAt));
        emit Locked(id, token, msg.sender, amount, unlockAt);
    }

    function withdraw(uint256 id) external {
        Lock storage l = locks[id];
        require(msg.sender == l.owner, "owner");
        require(block.timestamp >= l.unlockAt, "locked");
        uint256 amount = l.amount;
        l.amount = 0;
        require(IERC20Like(l.token).transfer(l.owner, amount), "transfer");
    }
}
