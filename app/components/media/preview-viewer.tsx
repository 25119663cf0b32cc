import { ImageViewer } from "#app/lib/overlays.ts";

/** Long images (taller than 2.6 × their width) scroll instead of being squeezed into the screen. */
export const LONG_IMAGE_RATIO = 2.6;
export const MAX_ZOOM = 3;

function naturalSize(url: string): Promise<{ w: number; h: number }> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ w: img.naturalWidth, h: img.naturalHeight });
    img.onerror = () => resolve({ w: 1, h: 1 });
    img.src = url;
  });
}

/** Loaded on the first tap: the viewer is not part of any first screen. */
export async function showViewer(urls: string[], index: number) {
  const sizes = await Promise.all(urls.map(naturalSize));
  const isLong = (i: number) => sizes[i]!.h > sizes[i]!.w * LONG_IMAGE_RATIO;
  const imageRender = (url: string, { index: i }: { index: number }) =>
    isLong(i) ? (
      <div className="long-image" data-testid="long-image">
        <img src={url} alt="" />
      </div>
    ) : undefined;
  if (urls.length === 1) {
    ImageViewer.show({ image: urls[0]!, maxZoom: MAX_ZOOM, imageRender: imageRender as never });
    return;
  }
  ImageViewer.Multi.show({ images: urls, defaultIndex: index, maxZoom: MAX_ZOOM, imageRender });
}
