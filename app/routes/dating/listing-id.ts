import { data } from "react-router";
import { positiveParam } from "#app/lib/positive-param.ts";

/** `?id=` of a listing's screens, or a 404 for the error page. */
export function listingId(request: Request): number {
  const id = positiveParam(new URL(request.url).searchParams, "id");
  if (!id) throw data("信息不存在或链接有误", { status: 404 });
  return id;
}
