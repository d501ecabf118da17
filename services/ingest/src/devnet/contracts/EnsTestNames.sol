// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A minimal ENS-style registry: each node has an owner and a resolver; the owner of a node
/// creates its subnodes. The deployer owns the root.
contract TestEnsRegistry {
    struct Record {
        address owner;
        address resolver;
    }

    mapping(bytes32 => Record) private records;

    constructor() {
        records[bytes32(0)].owner = msg.sender;
    }

    modifier authorised(bytes32 node) {
        require(records[node].owner == msg.sender, "not the node owner");
        _;
    }

    function owner(bytes32 node) external view returns (address) {
        return records[node].owner;
    }

    function resolver(bytes32 node) external view returns (address) {
        return records[node].resolver;
    }

    function setSubnodeOwner(bytes32 node, bytes32 label, address newOwner)
        external
        authorised(node)
        returns (bytes32 sub)
    {
        sub = keccak256(abi.encodePacked(node, label));
        records[sub].owner = newOwner;
    }

    function setResolver(bytes32 node, address newResolver) external authorised(node) {
        records[node].resolver = newResolver;
    }
}

/// A resolver holding `addr` (forward) and `name` (reverse) records, set by the node's owner.
contract TestEnsResolver {
    TestEnsRegistry private immutable registry;
    mapping(bytes32 => address) private addrs;
    mapping(bytes32 => string) private names;

    constructor(TestEnsRegistry registry_) {
        registry = registry_;
    }

    modifier authorised(bytes32 node) {
        require(registry.owner(node) == msg.sender, "not the node owner");
        _;
    }

    function setAddr(bytes32 node, address a) external authorised(node) {
        addrs[node] = a;
    }

    function setName(bytes32 node, string calldata n) external authorised(node) {
        names[node] = n;
    }

    function addr(bytes32 node) external view returns (address) {
        return addrs[node];
    }

    function name(bytes32 node) external view returns (string memory) {
        return names[node];
    }
}

/// The reverse registrar of one reverse namespace (`addr.reverse`, or ENSIP-19's
/// `<coinType>.reverse`): anyone sets the name of `<own hex address>.<namespace>`, which names
/// any name it likes; only the name's forward record says whether it is really theirs.
contract TestReverseRegistrar {
    TestEnsRegistry private immutable registry;
    TestEnsResolver private immutable defaultResolver;
    bytes32 private immutable reverseNode;

    constructor(TestEnsRegistry registry_, TestEnsResolver resolver_, bytes32 reverseNode_) {
        registry = registry_;
        defaultResolver = resolver_;
        reverseNode = reverseNode_;
    }

    function setName(string calldata n) external returns (bytes32 node) {
        node = registry.setSubnodeOwner(reverseNode, hexLabel(msg.sender), address(this));
        registry.setResolver(node, address(defaultResolver));
        defaultResolver.setName(node, n);
    }

    /// keccak256 of the address as 40 lowercase hex characters (the reverse label).
    function hexLabel(address a) private pure returns (bytes32) {
        bytes memory hexChars = "0123456789abcdef";
        bytes memory out = new bytes(40);
        uint160 v = uint160(a);
        for (uint256 i = 40; i > 0; i--) {
            out[i - 1] = hexChars[v & 0xf];
            v >>= 4;
        }
        return keccak256(out);
    }
}
