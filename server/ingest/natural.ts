const collator = new Intl.Collator("zh-CN", { numeric: true, sensitivity: "base" });

/** Natural order of file names: `2.mp3` before `10.mp3`, `第2集` before `第10集` (digits compared as numbers). */
export const naturalCompare = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
