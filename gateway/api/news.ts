// Scandal news (issue 20): /api/contents/* (docs/protocol.md §9).
export {};
