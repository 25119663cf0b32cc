/**
 * The audio engine (player.ts), loaded at the first tap that plays, or when a book's screen is idle: a book's
 * screen draws its player without it, so it is not in that screen's first load (decision 109).
 */
export const loadAudioPlayer = () => import("./player.ts");
