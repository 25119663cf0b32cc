import { redirect } from "react-router";
import { historyStore } from "#app/stores/history.ts";

/** A form's answer that sends the member back to the screen it was opened from (ActionForm goes back). */
export interface GoBack {
  back: true;
  errors?: undefined;
}

/**
 * Where a form goes once it has succeeded. When `to` is the screen the form was opened from, the form goes
 * back to it: a redirect would put `to` in the form's place, and the back button would then show it twice.
 * Otherwise (the form was opened from elsewhere, or directly) `to` takes the form's place.
 */
export function afterForm(to: string): GoBack | Response {
  return historyStore.get().history_stacks.at(-2) === to ? { back: true } : redirect(to);
}
