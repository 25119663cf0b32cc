// Audio books: /api/audio/* (issue 19, docs/protocol.md §9).
export {};
