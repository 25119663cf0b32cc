import { Button } from "#app/components/kit/button.tsx";
import { games } from "#gateway/api/index.ts";
import type { GameDetail } from "#gateway/api/games.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { previewImages } from "#app/components/media/preview.ts";
import { Page } from "#app/components/page.tsx";
import { Swiper } from "#app/components/swiper.tsx";
import { idParam, ScreenError } from "#app/components/screen-error.tsx";
import { LazyComments } from "#app/features/comments/lazy-comments.tsx";
import { FavoriteButton } from "#app/features/favorite/favorite-button.tsx";
import { LikeButton } from "#app/features/like/like-button.tsx";
import { ReportButton } from "#app/features/report/report-button.tsx";
import { UnlockPanel, withUnlockPanel } from "#app/features/unlock/lazy-unlock-panel.tsx";
import { toast } from "#app/lib/feedback.ts";
import { formatCount } from "#app/lib/format.ts";
import { api } from "#app/lib/gateway.ts";
import { openExternal } from "#app/lib/safe-url.ts";
import "#app/components/pictures-games/pictures-games.css";
import { gameCalls } from "#app/features/early/screens/game.ts";
import type { Route } from "./+types/detail";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = idParam(request, "游戏不存在或链接有误");
  const [game, comments] = await gameCalls.take(id);
  return withUnlockPanel({ game, comments }, !game.play_url);
}

export default function GameScreen({ loaderData: { game, comments } }: Route.ComponentProps) {
  return (
    <Page title="游戏">
      <Screenshots game={game} />
      <header className="whole-head">
        <h1>{game.title}</h1>
        <p className="whole-meta">
          <span>{formatCount(game.view_count)} 人看过</span>
          {game.is_pay ? <span>已购买</span> : game.coins > 0 ? <span>{game.coins} 金币</span> : <span>免费</span>}
        </p>
        <p className="whole-meta">
          {game.tags.map((t) => (
            <span key={t}>#{t}</span>
          ))}
        </p>
      </header>
      <p className="whole-intro">{game.description}</p>
      <div className="whole-actions">
        <LikeButton kind="game" id={game.id} initial={{ is_like: game.is_like, like_count: game.like_count }} />
        <FavoriteButton kind="game" id={game.id} favorite={game.is_favorite} />
        <ReportButton kind="game" id={game.id} />
      </div>
      {game.play_url ? (
        <Play url={game.play_url} />
      ) : (
        <section className="whole-section" aria-label="购买游戏">
          <UnlockPanel unit={{ kind: "game", id: game.id, title: game.title, price: game.coins, vip_free: game.vip_free }} viewer={game.viewer} />
        </section>
      )}
      <LazyComments kind="game" id={game.id} initial={comments} count={game.comment_count} />
    </Page>
  );
}

/** 开始游戏 / 下载: the link opens outside the app, and only when it is a safe web address. */
function Play({ url }: { url: string }) {
  return (
    <div className="game-play">
      <Button block color="primary" onClick={() => {
          if (!openExternal(url)) toast("游戏链接无效，请联系客服");
        }}>
        开始游戏 / 下载
      </Button>
      <p className="whole-meta">将在浏览器中打开，可在线游玩或下载</p>
    </div>
  );
}

function Screenshots({ game }: { game: GameDetail }) {
  if (!game.images.length) return <EncImage src={game.cover} ratio={game.cover_ratio} alt={game.title} priority />;
  return (
    <Swiper className="game-shots" aria-label="游戏截图">
      {game.images.map((src, i) => (
        <Swiper.Item key={src}>
          <button type="button" aria-label={`查看截图 ${i + 1}`} onClick={() => void previewImages(game.images, i)}>
            <EncImage src={src} ratio="16X9" alt="" priority={i === 0} />
          </button>
        </Swiper.Item>
      ))}
    </Swiper>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.game.title ?? "游戏"} — 影音` }];
}

export function ErrorBoundary() {
  return <ScreenError title="游戏" failed="游戏加载失败" />;
}
