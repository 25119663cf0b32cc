import { Link, useFetcher } from "react-router";
import { video, type WatchedVideo } from "#gateway/api/index.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { newRequestId } from "#gateway/client.ts";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { requestIdField } from "#app/features/action-fetcher.ts";
import { firstPage, pagedSource } from "#app/features/paging/paged-source.ts";
import { confirmDialog } from "#app/lib/feedback.ts";
import { formatDuration } from "#app/lib/format.ts";
import { api } from "#app/lib/gateway.ts";
import { requireMember } from "#app/lib/require-member.ts";
import type { Route } from "./+types/history";
import "#app/styles/history.css";

// 观看历史 (decision 081): the videos whose position the member saved, on any device, the latest first.
const watched = pagedSource(video.history, {}, 20);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireMember(request);
  return { first: await firstPage(watched) };
}

/** Clears the history; the loader then runs again and the list starts over, empty. A failure is toasted by the client. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  try {
    return { cleared: await api(video.clearHistory, requestIdField(await request.formData())) };
  } catch (error) {
    return { error: getErrorMessage(error) };
  }
}

export default function History({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const busy = fetcher.state !== "idle";
  const clear = async () => {
    if (!(await confirmDialog({ title: "清空观看历史", content: "清空后，所有设备上的观看记录和播放进度都将删除。", confirmText: "清空" }))) return;
    void fetcher.submit({ request_id: newRequestId() }, { method: "post" });
  };
  const empty = loaderData.first.total === 0;
  return (
    <Page
      title="观看历史"
      right={
        <button type="button" className="text-button" disabled={busy || empty} onClick={() => void clear()}>
          {busy ? "清空中…" : "清空"}
        </button>
      }
    >
      <PagedList initial={loaderData.first} source={watched} itemKey={(v) => v.id} renderItem={(v) => <WatchedRow video={v} />} emptyText="还没有观看记录" />
    </Page>
  );
}

function WatchedRow({ video }: { video: WatchedVideo }) {
  const { position, finished } = video.progress;
  return (
    <Link className="watched-row" to={`/player?id=${video.id}`}>
      <EncImage src={video.cover} ratio="16X9" alt="" className="watched-cover" />
      <span className="watched-text">
        <span className="watched-title">{video.title}</span>
        <span className="watched-at">{finished ? "已看完" : `看到 ${formatDuration(position)}`}</span>
      </span>
    </Link>
  );
}

export function meta() {
  return [{ title: "观看历史 — 影音" }];
}
