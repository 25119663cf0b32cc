import { useFetcher } from "react-router";

/** The app's action routes: a route module with a clientAction and no screen, one per kind of mutation. */
export type ActionRoute = "/actions/follow" | "/actions/like" | "/actions/favorite" | "/actions/favorite-group" | "/actions/report" | "/actions/gift" | "/actions/comment" | "/actions/unlock" | "/actions/want";

type Fields = Record<string, string | number | undefined>;

/**
 * A fetcher bound to one action route. The answer updates the control that asked, so the screen's loaders are
 * not run again, unless the caller says the mutation changes what they show (an unlock: the playable address).
 */
export function useActionFetcher<Action>(route: ActionRoute, key?: string) {
  const fetcher = useFetcher<Action>(key ? { key } : undefined);
  const submit = (fields: Fields, { revalidate = false }: { revalidate?: boolean } = {}) => {
    const form: Record<string, string> = {};
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) form[name] = String(value);
    return fetcher.submit(form, { method: "post", action: route, defaultShouldRevalidate: revalidate });
  };
  return { data: fetcher.data, state: fetcher.state, busy: fetcher.state !== "idle", submit };
}

/** A form field as a positive id, or null. */
export function idField(form: FormData, name: string): number | null {
  const n = Number(form.get(name));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The form's `kind` field when `registry` has an entry for it, or null. */
export function kindField<K extends string>(form: FormData, registry: Record<K, unknown>): K | null {
  const kind = form.get("kind");
  return typeof kind === "string" && Object.hasOwn(registry, kind) ? (kind as K) : null;
}

/** The submission's `request_id` (decision 058) as call fields: `{ request_id }`, or nothing when the form sent none. */
export function requestIdField(form: FormData): { request_id?: string } {
  const id = form.get("request_id");
  return typeof id === "string" && id ? { request_id: id } : {};
}
