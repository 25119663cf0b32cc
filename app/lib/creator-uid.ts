import { data } from "react-router";

/** `?uid=` of a person's page, or a 404 for the route's error boundary. */
export function uidParam(request: Request, missing = "创作者不存在或链接有误"): number {
  const uid = Number(new URL(request.url).searchParams.get("uid"));
  if (!Number.isSafeInteger(uid) || uid <= 0) throw data(missing, { status: 404 });
  return uid;
}

export const creatorUid = (request: Request) => uidParam(request);
