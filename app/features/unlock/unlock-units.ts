/** How a unit is unlocked: with coins always, with a voucher (观影券) or a share to the circle for some kinds. */
export type UnlockWay = "coins" | "ticket" | "community";

/** What the panel says of a kind's unit and which ways it offers; its calls are the unlock action's (unlock-kinds.ts). */
export interface UnlockUnitKind {
  /** What the panel calls the unit (本视频需 10 金币) and what unlocking it lets the member do (免费观看). */
  noun: string;
  verb: string;
  ways: readonly UnlockWay[];
}

/**
 * Every kind of unit with a price; a new kind is one entry here and one in unlock-kinds.ts. The panel reads this
 * table only: the calls, which name every area of the catalogue, load with the action when a member unlocks.
 */
export const UNLOCK_UNITS = {
  video: { noun: "视频", verb: "观看", ways: ["coins", "ticket", "community"] },
  dating: { noun: "联系方式", verb: "查看", ways: ["coins"] },
  news: { noun: "文章", verb: "阅读全文", ways: ["coins"] },
  comic: { noun: "漫画", verb: "阅读全部章节", ways: ["coins"] },
  "comic-episode": { noun: "章节", verb: "阅读", ways: ["coins"] },
  novel: { noun: "小说", verb: "阅读全书", ways: ["coins"] },
  "novel-chapter": { noun: "章节", verb: "阅读", ways: ["coins"] },
  picture: { noun: "图集", verb: "查看全部图片", ways: ["coins"] },
  game: { noun: "游戏", verb: "畅玩", ways: ["coins"] },
  audio: { noun: "有声书", verb: "收听全部章节", ways: ["coins"] },
  "audio-chapter": { noun: "章节", verb: "收听", ways: ["coins"] },
} as const satisfies Record<string, UnlockUnitKind>;

export type UnlockKind = keyof typeof UNLOCK_UNITS;
