import type { AudioChapter } from "#gateway/api/audio.ts";
import { currentOwner, offlineSupported } from "#app/features/offline/offline-access.ts";

// Where a chapter's audio comes from. Saving a chapter for offline use wraps these two: it stores what
// `fetchChapterAudio` downloads, and `audioSource` then answers the saved copy, so the player plays it with no
// network.

/** The address the player loads a chapter from; null when the caller may not play it. */
export async function audioSource(chapter: Pick<AudioChapter, "id" | "item_id" | "audio_url">): Promise<string | null> {
  // A chapter saved for offline listening plays from the device, by the chapter: its address's grant changes (decision 046).
  // Only a signed-in member saves; the saving code loads for one (decision 108).
  if (!currentOwner() || !offlineSupported()) return chapter.audio_url;
  const { savedUnitFileUrl } = await import("#app/features/offline/offline.ts");
  return (await savedUnitFileUrl({ kind: "audio", itemId: chapter.item_id, unitId: chapter.id })) ?? chapter.audio_url;
}

/** Downloads an open chapter's audio (a WAV). */
export async function fetchChapterAudio(chapter: Pick<AudioChapter, "id" | "audio_url">, signal?: AbortSignal): Promise<Blob> {
  if (!chapter.audio_url) throw new Error("该章节尚未解锁");
  const res = await fetch(chapter.audio_url, { signal });
  if (!res.ok) throw new Error(res.status === 403 ? "该章节尚未解锁或链接已过期，请刷新后重试" : "音频下载失败，请稍后重试");
  return await res.blob();
}
