import { circleHandlers } from "./circle.ts";
import { clubHandlers } from "./clubs.ts";
import { commentHandlers } from "./comments.ts";
import { creatorHandlers } from "./creators.ts";
import { danmuHandlers } from "./danmu.ts";
import { headlineHandlers } from "./headlines.ts";
import { likeHandlers } from "./likes.ts";
import { peopleHandlers } from "./people.ts";
import { reportHandlers } from "./reports.ts";
import { requestHandlers } from "./requests.ts";

/** What members do with content and each other: comments, likes, follows, reports, headlines, fan clubs, creators, requests. */
export const communityHandlers = [
  ...commentHandlers, ...likeHandlers, ...peopleHandlers, ...reportHandlers, ...headlineHandlers, ...clubHandlers, ...creatorHandlers, ...requestHandlers, ...circleHandlers,
  ...danmuHandlers,
];
