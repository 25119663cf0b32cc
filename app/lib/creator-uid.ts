import { data } from "react-router";
import { positiveParam } from "#app/lib/positive-param.ts";

/** `?uid=` of a person's page, or a 404 for the route's error boundary. */
export function uidParam(request: Request, missing = "创作者不存在或链接有误"): number {
  const uid = positiveParam(new URL(request.url).searchParams, "uid");
  if (!uid) throw data(missing, { status: 404 });
  return uid;
}

export const creatorUid = (request: Request) => uidParam(request);
