import { data } from "react-router";
import type { Route } from "./+types/not-found";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw data(`页面不存在：${new URL(request.url).pathname}`, { status: 404 });
}

export default function NotFound() {
  return null;
}
