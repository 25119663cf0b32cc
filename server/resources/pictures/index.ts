import { pictures } from "#gateway/api/index.ts";
import type { Handler } from "#server/http/registry.ts";
import { wholeItemHandlers } from "../whole-items.ts";
import { listFollow, pictureList, requireSet, setHandlers } from "./sets.ts";

/** Picture sets (issue 19): /api/picture/*. */
export const picturesHandlers: Handler[] = [
  ...wholeItemHandlers("picture", pictures, { noun: "图集", screen: "/picture/detail", maxComment: pictures.MAX_PICTURE_COMMENT, requireItem: requireSet }),
  ...setHandlers,
  pictureList,
  listFollow,
];
