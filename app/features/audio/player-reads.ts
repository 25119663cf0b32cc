import type { Progress } from "#gateway/api/resources.ts";
import { audioProgressStore } from "#app/stores/audio.ts";

// What a book's screen reads of the player without loading its engine (player.ts, decision 109).

/** The position kept on this device for a book. */
export const localProgress = (bookId: number): Progress | null => audioProgressStore.get().books[bookId] ?? null;

/** The speeds the player offers. */
export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;
