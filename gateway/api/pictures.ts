// Picture sets: /api/picture/* (issue 19, docs/protocol.md §9).
export {};
