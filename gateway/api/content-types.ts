/**
 * The content model shared by every kind (video now; comics, novels, pictures, audio, games, news,
 * posts and dating listings later). Image fields are URLs of encrypted images (docs/protocol.md §7).
 */
export type ContentKind = "video" | "comic" | "novel" | "picture" | "audio" | "game" | "news" | "post" | "dating";

/** `porn`: the home video section; `aw`: the dark-web section. Keys of `GlobalConfig.sort_tabs`. */
export type VideoSection = "porn" | "aw";

export interface CreatorBrief {
  uid: number;
  nickname: string;
  avatar_url: string;
  /** 1 when the caller follows this creator. */
  is_attention: number;
}

export interface Video {
  id: number;
  kind: "video";
  section: VideoSection;
  title: string;
  cover: string;
  /** Cover aspect ratio as `W X H`, e.g. `16X9`; the UI reserves this box before the image loads. */
  cover_ratio: string;
  /** Seconds. */
  duration: number;
  tags: string[];
  category_id: number;
  series_id: number | null;
  series_title: string;
  creator: CreatorBrief;
  /** Price in coins; 0 is free. */
  coins: number;
  /** 1: free for VIP members. */
  vip_free: number;
  /** 1 when the caller may play it now (free, VIP-free and VIP, or bought). */
  can_watch: number;
  /** 1 when the caller bought it. */
  is_pay: number;
  is_like: number;
  like_count: number;
  comment_count: number;
  view_count: number;
  created_at: string;
  /** Extension (decision 084): 1 on a video taken down that the caller bought and keeps (已下架); absent otherwise. */
  off_shelf?: 1;
}

export interface VideoDetail extends Video {
  description: string;
  /** Playable address (MP4 or HLS `.m3u8`); empty while `can_watch` is 0. */
  play_url: string;
  /** A short free preview, always playable. */
  preview_url: string;
  is_favorite: number;
  /**
   * The caller's balance, vouchers and community unlocks left today, so a locked video can show what
   * unlocking takes.
   */
  viewer: { coins: number; vip: number; tickets: number; community_left: number; is_member: number };
}

/** Where the caller got to in a video (decision 081): seconds, and when (device clock, ms). */
export interface WatchPosition {
  position: number;
  /** Seconds; 0 when the player did not know it. */
  duration: number;
  finished: boolean;
  updated_at: number;
}

/** A video of the caller's watch history. */
export interface WatchedVideo extends Video {
  progress: WatchPosition;
}

/** A bullet comment (弹幕, decision 082): words tied to a second of a video. */
export interface Danmu {
  id: number;
  /** Seconds into the video (a float). */
  time: number;
  content: string;
  /** `#rrggbb`, one of `DANMU_COLORS`. */
  color: string;
  uid: number;
  /** 1 when the caller sent it. */
  own: number;
}

export interface Category {
  id: number;
  name: string;
  section: VideoSection;
  cover: string;
}

export interface Ad {
  id: number;
  title: string;
  img_url: string;
  /** In-app path (`/player?id=1`) or an http(s) address. */
  url: string;
  /** Image ratio as `W X H`. */
  ratio: string;
}

export interface Comment {
  id: number;
  content: string;
  user: { uid: number; nickname: string; avatar_url: string };
  like_count: number;
  is_like: number;
  reply_count: number;
  /** For replies: the comment replied to. */
  reply_to: number | null;
  created_at: string;
  /**
   * 0 shown; 1 hidden by members' reports until reviewed (others get 该评论已被隐藏 as `content`, its author their
   * words); 2 removed by an operator (该评论因违规已被移除 to everyone). Decision 069.
   */
  hidden?: number;
}

export interface Gift {
  id: number;
  name: string;
  coins: number;
  icon: string;
}

export interface PurchaseResult {
  /** 1 when this call charged; 0 when the video was already bought (a retry or a double tap). */
  charged: number;
  coins_spent: number;
  /** The caller's balance after the purchase. */
  coins: number;
  tickets: number;
  video: VideoDetail;
}

export interface CommunityUnlockResult extends PurchaseResult {
  /** The circle post that shared the video (0 when it had been unlocked before). */
  post_id: number;
}

export interface CreatorCard extends CreatorBrief {
  intro: string;
  fans_count: number;
  video_count: number;
  /** 1: a creator, with a creator page (/home/creator); 0: a member, with a profile page (/user). */
  is_creator: number;
}

export interface CreatorPage extends CreatorCard {
  followed_count: number;
  likes_count: number;
}

export interface Compilation {
  id: number;
  title: string;
  cover: string;
  video_count: number;
  creator: CreatorBrief;
}

export interface Ticket {
  id: number;
  name: string;
  /** 0 unused, 1 used, 2 expired. */
  status: number;
  used_on: number | null;
  expires_at: string;
}

export interface HotSearch {
  word: string;
  hot: number;
}

/** A curated topic (element): a series of videos with its own cover. */
export interface Element {
  id: number;
  title: string;
  description: string;
  cover: string;
  video_count: number;
}

export interface TagWithVideos {
  name: string;
  video_count: number;
  videos: Video[];
}

export interface CreatorWithVideos extends CreatorCard {
  videos: Video[];
}

export interface ImageRef {
  url: string;
  /** `W X H`; very tall images (height over 2.6 × width) are shown as scrollable long images. */
  ratio: string;
}

/** A creator's headline (a short post): the "wei" calls. */
export interface Headline {
  id: number;
  title: string;
  excerpt: string;
  images: ImageRef[];
  like_count: number;
  comment_count: number;
  is_like: number;
  creator: CreatorBrief;
  /** The video a circle post shares (community unlock), or null. */
  quote: { id: number; title: string; cover: string; cover_ratio: string } | null;
  created_at: string;
}

export interface HeadlineDetail extends Headline {
  content: string;
}

export interface ClubInfo {
  uid: number;
  name: string;
  intro: string;
  cover: string;
  member_count: number;
  /** Coins to join; 0 is free. */
  fee_coins: number;
  joined: number;
  /** The caller's contribution score in this club. */
  my_score: number;
}

export interface ClubPrivilege {
  title: string;
  description: string;
}

export interface FanRankEntry {
  rank: number;
  uid: number;
  nickname: string;
  avatar_url: string;
  score: number;
}

export interface CreatorRankEntry extends CreatorCard {
  rank: number;
}

export interface FavoriteGroup {
  id: number;
  name: string;
  video_count: number;
}

export interface Style {
  id: number;
  name: string;
  section: VideoSection;
}
