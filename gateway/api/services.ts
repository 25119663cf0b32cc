// Sharing, invitations, exchange codes, fans, help and support (issue 22) (docs/protocol.md §9).
export {};
