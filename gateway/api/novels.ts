// Novels: /api/novel/* (issue 19, docs/protocol.md §9).
export {};
