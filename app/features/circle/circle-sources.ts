import * as circle from "#gateway/api/circle.ts";
import { pagedSource } from "#app/features/paging/paged-source.ts";

/** The circle's lists, by tab: its feed in a sort, headlines, the requests board, the ranking; or a topic's or a category's posts. */
export const circleSources = {
  feed: (sort: string, topic_id?: number) => pagedSource(circle.list, { sort, topic_id }, 20),
  category: (category_id: number, sort: string) => pagedSource(circle.list, { sort, category_id }, 20),
  headlines: pagedSource(circle.headlines, {}, 20),
  want: pagedSource(circle.wantLook, {}, 20),
  rank: pagedSource(circle.rank, {}, 20),
};
