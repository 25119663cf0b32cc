// Dating listings, certification, reviews and unlocks (issue 21): /api/girl/* (docs/protocol.md §9).
export {};
