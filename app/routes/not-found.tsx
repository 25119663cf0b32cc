import { notFound } from "#app/lib/not-found.ts";
import type { Route } from "./+types/not-found";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw notFound(request);
}

export default function NotFound() {
  return null;
}
