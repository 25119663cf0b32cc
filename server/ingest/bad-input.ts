/**
 * Input an ingest refuses: one clear line for the operator (what is wrong, where, what to do). Thrown before
 * anything is written, so a refused run leaves nothing behind.
 */
export class BadInput extends Error {
  override name = "BadInput";
}
