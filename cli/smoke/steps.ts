/**
 * The smoke run's steps, as data (decision 071). Each step goes by taps from the tab bar and finds what it opens by
 * following the app's own lists (the first visible link of a kind), never by an id: a deployment with other data
 * runs the same steps. A `follow` that finds nothing skips the step and says why.
 */

/** Who a step needs: anyone (read-only), a signed-in member, `--writes`, or `--writes --spend N`. */
export type Need = "visitor" | "member" | "writes" | "spend";

/** A check the runner knows by name (cli/smoke/probes.ts); used where one selector cannot tell. */
export type ProbeName =
  | "age-gate"
  | "first-screen"
  | "video-frame"
  | "service-worker"
  | "offline-shell"
  | "login"
  | "balance"
  | "logout"
  | "comment"
  | "favourite"
  | "purchase";

export type Action =
  /** Taps a tab of the tab bar (back to the tabs first, as a person would) and waits for its screen. */
  | { tab: string; path: string }
  /** Taps the first visible link matching `link` and waits for `path`; none on the screen skips the step. */
  | { follow: string; path: string; what: string }
  /** A visible element matching `see` (the screen shows content), or else the screen's empty text `orEmpty`. */
  | { see: string; what: string; orEmpty?: string }
  | { probe: ProbeName };

export interface StepDefinition {
  id: string;
  title: string;
  need: Need;
  actions: Action[];
}

const TABS: [id: string, label: string, path: string, content: string, what: string][] = [
  ["tab-home", "首页", "/home", "a.video-card", "video cards"],
  ["tab-scandalous", "黑料", "/scandalous", "a.news-row", "articles"],
  ["tab-resource", "资源", "/resource", 'a[href*="detail?id="]', "resources"],
  ["tab-dark-web", "暗网", "/dark_web", "a.video-card", "video cards"],
  ["tab-post", "圈子", "/post", "a.post-card, .post-card a", "posts"],
  ["tab-my", "我的", "/my", ".my-stats, a[href^='/login']", "the member panel"],
];

export const STEPS: StepDefinition[] = [
  { id: "age-gate", title: "age gate", need: "visitor", actions: [{ probe: "age-gate" }] },
  { id: "first-screen", title: "first screen (LCP)", need: "visitor", actions: [{ probe: "first-screen" }] },
  ...TABS.map(([id, label, path, content, what]): StepDefinition => ({
    id,
    title: `tab ${label}`,
    need: "visitor",
    actions: [{ tab: label, path }, { see: content, what }],
  })),
  {
    id: "free-video",
    title: "a free video plays a frame",
    need: "visitor",
    actions: [{ tab: "首页", path: "/home" }, { follow: "a.video-card:has(.video-card-price.is-free)", path: "/player", what: "free video" }, { probe: "video-frame" }],
  },
  {
    id: "search",
    title: "a search answers",
    need: "visitor",
    actions: [
      { tab: "首页", path: "/home" },
      { follow: 'a[href="/search"]', path: "/search", what: "search entry" },
      { follow: 'a[href^="/search/result"]', path: "/search/result", what: "hot search word" },
      { see: "a.video-card", what: "search results", orEmpty: "没有找到相关视频" },
    ],
  },
  {
    id: "article",
    title: "an article opens",
    need: "visitor",
    actions: [{ tab: "黑料", path: "/scandalous" }, { follow: "a.news-row", path: "/scandalous/detail", what: "article" }, { see: ".rich-text, .news-body, article", what: "the article" }],
  },
  {
    id: "novel-chapter",
    title: "a novel chapter opens",
    need: "visitor",
    actions: [
      { tab: "资源", path: "/resource" },
      { follow: 'a[href^="/resource?type=novel"]', path: "/resource", what: "小说 tab" },
      { follow: 'a[href^="/novel/detail"]', path: "/novel/detail", what: "novel" },
      { follow: 'a[href^="/novel/reader"]', path: "/novel/reader", what: "chapter" },
      { see: "[data-testid=reader] .reader-columns p", what: "the chapter's text" },
    ],
  },
  {
    id: "comic-episode",
    title: "a comic episode opens",
    need: "visitor",
    actions: [
      { tab: "资源", path: "/resource" },
      { follow: 'a[href^="/resource?type=comic"]', path: "/resource", what: "漫画 tab" },
      { follow: 'a[href^="/cartoon/cartoon-detail"]', path: "/cartoon/cartoon-detail", what: "comic" },
      { follow: 'a[href^="/cartoon/cartoon-read"]', path: "/cartoon/cartoon-read", what: "episode" },
      { see: ".comic-page img", what: "the episode's pictures" },
    ],
  },
  {
    id: "dating-listing",
    title: "a dating listing opens",
    need: "visitor",
    actions: [
      { tab: "首页", path: "/home" },
      { follow: 'a[href="/dating"]', path: "/dating", what: "way into dating" },
      { follow: "a.dating-card", path: "/dating/detail", what: "dating listing" },
      { see: ".dating-card-meta", what: "the listing" },
    ],
  },
  {
    id: "circle-post",
    title: "a circle post opens",
    need: "visitor",
    actions: [{ tab: "圈子", path: "/post" }, { follow: 'a[href^="/post/detail"]', path: "/post/detail", what: "circle post" }, { see: ".post-card-head", what: "the post" }],
  },
  { id: "service-worker", title: "the service worker installs", need: "visitor", actions: [{ probe: "service-worker" }] },
  { id: "offline-shell", title: "offline reload keeps the tab bar", need: "visitor", actions: [{ tab: "首页", path: "/home" }, { probe: "offline-shell" }] },
  { id: "login", title: "login", need: "member", actions: [{ probe: "login" }] },
  { id: "balance", title: "/my shows the balance", need: "member", actions: [{ tab: "我的", path: "/my" }, { probe: "balance" }] },
  {
    id: "messages",
    title: "messages",
    need: "member",
    actions: [{ tab: "我的", path: "/my" }, { follow: 'a[href="/my/notice"]', path: "/my/notice", what: "messages link" }, { see: ".notice-item", what: "messages", orEmpty: "暂无消息" }],
  },
  { id: "comment", title: "a comment posted and found", need: "writes", actions: [{ tab: "圈子", path: "/post" }, { follow: 'a[href^="/post/detail"]', path: "/post/detail", what: "circle post" }, { probe: "comment" }] },
  {
    id: "favourite",
    title: "a favourite added and removed",
    need: "writes",
    actions: [
      { tab: "资源", path: "/resource" },
      { follow: 'a[href^="/resource?type=comic"]', path: "/resource", what: "漫画 tab" },
      { follow: 'a[href^="/cartoon/cartoon-detail"]', path: "/cartoon/cartoon-detail", what: "comic" },
      { probe: "favourite" },
    ],
  },
  { id: "purchase", title: "one purchase within --spend", need: "spend", actions: [{ probe: "purchase" }] },
  { id: "logout", title: "logout", need: "member", actions: [{ probe: "logout" }] },
];

/** The steps a run takes: read-only always; the member's with a member; writes, and the purchase, only when asked. */
export function stepsFor(opts: { member?: unknown; writes: boolean; spend?: number }): StepDefinition[] {
  const allowed = new Set<Need>(["visitor"]);
  if (opts.member) allowed.add("member");
  if (opts.member && opts.writes) allowed.add("writes");
  if (opts.member && opts.writes && opts.spend !== undefined) allowed.add("spend");
  return STEPS.filter((s) => allowed.has(s.need));
}
