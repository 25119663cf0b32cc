import { localStore } from "./safe-storage.ts";

const AGE_KEY = "___AGE_CONFIRMED__";

/** The splash's query parameter naming the screen a deep link pointed at, opened once the age is confirmed. */
export const NEXT_PARAM = "next";

export const ageConfirmed = () => localStore.getItem(AGE_KEY) === "1";

export const confirmAge = () => localStore.setItem(AGE_KEY, "1");

/**
 * The age gate's address for a visitor who lands on `path` (any screen but the splash) without having
 * confirmed their age: the splash, which opens `path` once they have.
 */
export const gatedPath = (path: string) => `/?${NEXT_PARAM}=${encodeURIComponent(path)}`;
