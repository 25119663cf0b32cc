// Games: /api/porngame/* (issue 19, docs/protocol.md §9).
export {};
