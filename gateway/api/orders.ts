// Top-ups, orders, coin records, withdrawals and the agent programme (issue 22): /api/order/*, /api/user/coinsDetail, /api/user/*Withdraw*, /api/proxy/* (docs/protocol.md §9).
export {};
