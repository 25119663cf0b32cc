// Comics: /api/comic/*, /api/book/* (issue 19, docs/protocol.md §9).
export {};
