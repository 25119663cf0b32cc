import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/splash.tsx"),
  // The tab bar's places: each wraps itself in TabPage (no layout route: one module less to fetch first).
  route("home", "routes/home.tsx"),
  route("scandalous", "routes/scandalous.tsx"),
  route("resource", "routes/resource.tsx"),
  route("dark_web", "routes/dark-web.tsx"),
  route("post", "routes/post.tsx"),
  route("my", "routes/my.tsx"),
  route("login", "routes/login.tsx"),
  route("player", "routes/player.tsx"),
  route("home/collect", "routes/home/collect.tsx"),
  route("home/creator", "routes/home/creator.tsx"),
  route("home/collect-detail", "routes/home/collect-detail.tsx"),
  route("series", "routes/series.tsx"),
  route("discovery/tag", "routes/discovery/tag.tsx"),
  route("discovery/concentration", "routes/discovery/concentration.tsx"),
  route("discovery/daily-pick", "routes/discovery/daily-pick.tsx"),
  route("discovery/theme", "routes/discovery/theme.tsx"),
  route("search", "routes/search/index.tsx"),
  route("search/result", "routes/search/result.tsx"),
  route("tag", "routes/tag.tsx"),
  route("category", "routes/category.tsx"),
  route("user", "routes/user.tsx"),
  route("user/focus", "routes/user/focus.tsx"),
  route("user/fans", "routes/user/fans.tsx"),
  route("user/fan-rank", "routes/user/fan-rank.tsx"),
  route("user/fan-rule", "routes/user/fan-rule.tsx"),
  route("user/fan-group", "routes/user/fan-group.tsx"),
  route("my/setting", "routes/my/setting.tsx"),
  route("my/info", "routes/my/info.tsx"),
  route("my/edit", "routes/my/edit.tsx"),
  route("my/updatepwd", "routes/my/updatepwd.tsx"),
  route("my/announcement", "routes/my/announcement.tsx"),
  route("my/notice", "routes/my/notice.tsx"),
  route("my/my-like", "routes/my/my-like.tsx"),
  route("my/my-purchase", "routes/my/my-purchase.tsx"),
  route("my/my-tickets", "routes/my/my-tickets.tsx"),
  // Dating (issue 21).
  route("dating", "routes/dating/index.tsx"),
  route("dating/detail", "routes/dating/detail.tsx"),
  route("dating/dcomment", "routes/dating/dcomment.tsx"),
  route("dating/certify", "routes/dating/certify.tsx"),
  route("my/my-dating", "routes/my/my-dating.tsx"),
  // Wallet, top-ups and the agent programme (issue 22).
  route("my/recharge", "routes/my/recharge.tsx"),
  route("my/recharge-records", "routes/my/recharge-records.tsx"),
  route("my/consumptions", "routes/my/consumptions.tsx"),
  route("my/purse", "routes/my/purse.tsx"),
  route("my/proxy", "routes/my/proxy.tsx"),
  route("my/proxy-rule", "routes/my/proxy-rule.tsx"),
  // Sharing, help and support (issue 22).
  route("share/index", "routes/share/index.tsx"),
  route("share/promotion", "routes/share/promotion.tsx"),
  route("share/records", "routes/share/records.tsx"),
  route("my/my-fans", "routes/my/my-fans.tsx"),
  route("my/issues", "routes/my/issues.tsx"),
  route("my/app-center", "routes/my/app-center.tsx"),
  route("user/customer", "routes/user/customer.tsx"),
  // Scandal news and the post circle (issue 20).
  route("scandalous/detail", "routes/scandalous/detail.tsx"),
  route("post/detail", "routes/post/detail.tsx"),
  route("post/topic", "routes/post/topic.tsx"),
  route("post/category", "routes/post/category.tsx"),
  route("lookmv", "routes/lookmv.tsx"),
  route("my/my-post", "routes/my/my-post.tsx"),
  // Resources (issue 19): the 资源 tab's kinds.
  // Comics.
  // Novels.
  // Picture sets and audio books.
  // Games.
  // Addresses of screens that moved to their product paths under /my: shared links still open them.
  ...["setting", "info", "edit", "updatepwd", "announcement", "notice"].map((old) => route(old, "routes/moved.tsx", { id: `moved-${old}` })),
  // Action routes: a clientAction each and no screen; the shared controls submit to them (decision 033).
  ...["follow", "like", "comment", "unlock", "favorite", "report", "gift", "want"].map((name) => route(`actions/${name}`, `routes/actions/${name}.ts`)),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
