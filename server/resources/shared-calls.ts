import { z } from "zod";
import { audio, pictures, resources } from "#gateway/api/index.ts";
import { defineHandler, pageInput } from "#server/http/registry.ts";
import { followInput, kindInput, pageOfFollowedSeries, pageOfResources, toggleSeriesFollow } from "./items.ts";

// The calls every kind of the 资源 tab shares: following a series, the followed series, what was bought.

const followHandler = (call: typeof resources.followSeries) =>
  defineHandler(call, {
    auth: "member",
    input: followInput,
    async handle({ input, db, caller }) {
      const data = await toggleSeriesFollow(db, caller.user.id, input.id);
      return { data, msg: data.is_follow ? "已关注" : "已取消关注" };
    },
  });

const listFollowHandler = (call: typeof resources.listFollowSeries) =>
  defineHandler(call, {
    auth: "member",
    input: pageInput,
    handle: async ({ input, db, origin, caller }) => ({ data: await pageOfFollowedSeries(db, origin, caller.user.id, null, input.page, input.limit) }),
  });

/** The series calls, at each path the product has them (decision 070). */
export const seriesHandlers = [resources, pictures, audio].flatMap((area) => [followHandler(area.followSeries), listFollowHandler(area.listFollowSeries)]);

export const listBought = defineHandler(resources.listBought, {
  auth: "member",
  input: z.object({ kind: kindInput, ...pageInput.shape }),
  handle: async ({ input, db, origin, caller }) => ({
    data: await pageOfResources(db, origin, caller.user.id, input.kind, input, {
      where: "EXISTS (SELECT 1 FROM purchases p WHERE p.user_id = @uid AND p.item_id = i.id)",
      order: "(SELECT MAX(p.created_at) FROM purchases p WHERE p.user_id = @uid AND p.item_id = i.id) DESC, i.id DESC",
      kept: true,
    }),
  }),
});
