import { Button, TextArea } from "antd-mobile";
import { ActionSheet, Dialog } from "#app/lib/overlays.ts";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { accounts, video as videoApi, type Gift, type VideoDetail } from "#gateway/api/index.ts";
import { api } from "#app/lib/gateway.ts";
import { loadReportTypes } from "#app/lib/session.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { Sheet } from "#app/components/sheet.tsx";
import { confirmDialog, toast } from "#app/lib/feedback.ts";

const OTHER_REASON = "其他";

/** The reason for 其他, in words: the dialog will not submit without them. */
function askReason(then: (content: string) => void) {
  let value = "";
  const dialog = Dialog.show({
    title: "举报原因",
    content: <TextArea placeholder="请说明举报原因" maxLength={videoApi.MAX_REPORT_TEXT} rows={3} autoFocus onChange={(v) => (value = v)} aria-label="举报说明" />,
    closeOnAction: false,
    actions: [
      [
        { key: "cancel", text: "取消", onClick: () => dialog.close() },
        {
          key: "submit",
          text: "提交",
          bold: true,
          onClick: () => {
            // Empty, the dialog stays open.
            if (!value.trim()) return void toast("请填写举报原因");
            dialog.close();
            then(value.trim());
          },
        },
      ],
    ],
  });
}

/** Favourite, gifts to the creator, report, and "want this video": secondary actions under the player. */
export function PlayerExtras({ video, onNeedLogin, onCoins }: { video: VideoDetail; onNeedLogin: () => void; onCoins: (coins: number) => void }) {
  const fetcher = useFetcher<{
    want?: { requested: number; count: number };
    rewarded?: { coins: number };
    /** The balance after a refused gift (it may have changed elsewhere). */
    coins?: number;
    error?: string;
  }>();
  // Its own fetcher, one per video: another action's answer (a gift, a report) or the previous video's must
  // not stand for the favourite state.
  const favoriteFetcher = useFetcher<{ favorite?: { is_favorite: number } }>({ key: `favorite:${video.id}` });
  const [gifts, setGifts] = useState<Gift[] | null>(null);
  const [find, setFind] = useState<{ requested: number; count: number } | null>(null);
  const isMember = Boolean(video.viewer.is_member);
  const favorite = favoriteFetcher.data?.favorite?.is_favorite ?? video.is_favorite;
  const guard = (fn: () => void | Promise<void>) => () => void (isMember ? fn() : onNeedLogin());
  const submit = (fields: Record<string, string>) => void fetcher.submit(fields, { method: "post" });
  const submitFavorite = (fields: Record<string, string>) => void favoriteFetcher.submit({ intent: "favorite", ...fields }, { method: "post" });

  useEffect(() => {
    if (fetcher.data?.want) setFind(fetcher.data.want);
    const coins = fetcher.data?.rewarded?.coins ?? fetcher.data?.coins;
    if (coins !== undefined) onCoins(coins);
  }, [fetcher.data, onCoins]);
  useEffect(() => {
    if (!video.can_watch) void api(videoApi.checkFind, { id: video.id }).then(setFind, () => undefined);
  }, [video.id, video.can_watch]);

  return (
    <>
      <Button
        size="small"
        aria-pressed={Boolean(favorite)}
        onClick={guard(async () => {
          if (favoriteFetcher.state !== "idle") return;
          if (favorite) {
            submitFavorite({});
            return;
          }
          // With groups, the member picks where it goes; without, it is simply a favourite.
          const groups = await api(accounts.likeGroups, undefined).catch(() => []);
          if (!groups.length) {
            submitFavorite({});
            return;
          }
          ActionSheet.show({
            extra: "收藏到",
            cancelText: "取消",
            closeOnAction: true,
            actions: [{ key: "", text: "默认" }, ...groups.map((g) => ({ key: String(g.id), text: g.name }))],
            onAction: (a) => submitFavorite(a.key ? { group_id: String(a.key) } : {}),
          });
        })}
      >
        {favorite ? "★ 已收藏" : "☆ 收藏"}
      </Button>
      <Button size="small" onClick={guard(() => void api(videoApi.giftList, undefined).then(setGifts, () => undefined))}>
        打赏
      </Button>
      <Button
        size="small"
        onClick={guard(async () => {
          const types = await loadReportTypes().catch(() => []);
          if (!types.length) {
            toast("举报原因加载失败，请稍后重试");
            return;
          }
          ActionSheet.show({
            extra: "选择举报原因",
            cancelText: "取消",
            actions: types.map((t) => ({ key: String(t.id), text: t.name })),
            onAction: (a) => {
              const type = types.find((t) => String(t.id) === a.key);
              // "其他" says nothing by itself: it asks for the reason in words.
              if (type?.name === OTHER_REASON) askReason((content) => submit({ intent: "report", type_id: String(a.key), content }));
              else submit({ intent: "report", type_id: String(a.key) });
            },
            closeOnAction: true,
          });
        })}
      >
        举报
      </Button>
      {!video.can_watch && (
        <Button size="small" disabled={Boolean(find?.requested)} onClick={guard(() => submit({ intent: "want" }))}>
          {find?.requested ? `已求片（${find.count}人想看）` : `求片${find?.count ? `（${find.count}人想看）` : ""}`}
        </Button>
      )}
      <Sheet visible={gifts !== null} onClose={() => setGifts(null)} title={`打赏 ${video.creator.nickname}`} className="gift-popup">
        <p className="gift-balance">当前余额 {video.viewer.coins} 金币</p>
        <div className="gift-grid">
          {gifts?.map((g) => (
            <button
              type="button"
              key={g.id}
              className="gift"
              disabled={fetcher.state !== "idle"}
              onClick={async () => {
                if (g.coins > video.viewer.coins) return void toast("金币不足");
                // Coins are money: a tap on the wrong gift must not spend them.
                if (!(await confirmDialog({ content: `赠送「${g.name}」，花费 ${g.coins} 金币？`, confirmText: "赠送" }))) return;
                submit({ intent: "reward", gift_id: String(g.id) });
                setGifts(null);
              }}
            >
              <EncImage src={g.icon} ratio="1X1" />
              <span>{g.name}</span>
              <small>{g.coins} 金币</small>
            </button>
          ))}
        </div>
      </Sheet>
    </>
  );
}
