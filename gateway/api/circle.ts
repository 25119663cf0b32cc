// The post circle and video requests (issue 20): /api/find/*, /api/wei/list (docs/protocol.md §9).
export {};
