import * as creators from "#gateway/api/creators.ts";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { api, together } from "#app/lib/gateway.ts";
import { early, ifId } from "../early-calls.ts";

export const featuredVideos = (uid: number) => pagedSource(creators.featured, { uid }, 20);

async function creatorPage(uid: number) {
  const person = await api(creators.creatorPage, { uid });
  // A member who is not a creator has a plain profile page instead: nothing more to ask.
  if (!person.is_creator) return { person, featured: undefined, compilations: [] };
  const [featured, compilations] = await Promise.all(together(() => [firstPage(featuredVideos(uid)), api(creators.compilations, { uid }).catch(() => [])]));
  return { person, featured, compilations };
}

export const creatorCalls = early("/home/creator", creatorPage);

export const startFrom = (q: URLSearchParams) => ifId(q, "uid", creatorCalls.start);
