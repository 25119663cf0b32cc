import { data } from "react-router";

/** `?uid=` of a creator page, or a 404 for the route's error boundary. */
export function creatorUid(request: Request): number {
  const uid = Number(new URL(request.url).searchParams.get("uid"));
  if (!Number.isInteger(uid) || uid <= 0) throw data("创作者不存在或链接有误", { status: 404 });
  return uid;
}
