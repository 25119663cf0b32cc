type Screen = () => Promise<{ startFrom: (q: URLSearchParams) => void }>;

/**
 * Each screen's first calls, a module of their own per screen that early-start.ts imports when a link opens that
 * screen (decision 097): one file holding every screen's calls was 2.5 KB gzip of every sub-screen's first load.
 */
export const EARLY_SCREENS: Record<string, Screen> = {
  "/player": () => import("./screens/player.ts"),
  "/scandalous": () => import("./screens/scandalous.ts"),
  "/post": () => import("./screens/post.ts"),
  "/my": () => import("./screens/my.ts"),
  "/resource": () => import("./screens/resource.ts"),
  "/scandalous/detail": () => import("./screens/article.ts"),
  "/post/detail": () => import("./screens/post-detail.ts"),
  "/dating": () => import("./screens/dating.ts"),
  "/dating/detail": () => import("./screens/listing.ts"),
  "/cartoon/cartoon-detail": () => import("./screens/comic.ts"),
  "/novel/detail": () => import("./screens/novel.ts"),
  "/audio/detail": () => import("./screens/audio.ts"),
  "/picture/detail": () => import("./screens/picture.ts"),
  "/game/detail": () => import("./screens/game.ts"),
  "/home/creator": () => import("./screens/creator.ts"),
  "/search/result": () => import("./screens/search.ts"),
};
