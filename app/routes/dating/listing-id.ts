import { data } from "react-router";

/** `?id=` of a listing's screens, or a 404 for the error page. */
export function listingId(request: Request): number {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw data("信息不存在或链接有误", { status: 404 });
  return id;
}
