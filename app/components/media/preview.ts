import { toast } from "#app/lib/feedback.ts";
import { loadImage } from "#app/lib/images.ts";

/** Opens a full-screen preview of one image or a group (with an index, no looping), decrypting as needed. */
export async function previewImages(srcs: string[], index = 0) {
  try {
    const [urls, viewer] = await Promise.all([Promise.all(srcs.map((url) => loadImage(url))), import("./preview-viewer.tsx")]);
    await viewer.showViewer(urls, index);
  } catch {
    toast("图片加载失败");
  }
}
