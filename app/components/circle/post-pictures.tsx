import type { ImageRef } from "#gateway/api/content-types.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { previewImages } from "#app/components/media/preview.ts";
import "./post.css";

/** A post's pictures in a grid of three; a tap opens the shared preview at that picture. */
export function PostPictures({ images }: { images: ImageRef[] }) {
  if (!images.length) return null;
  const urls = images.map((i) => i.url);
  return (
    <div className="post-pictures" role="list" aria-label="图片">
      {images.map((img, i) => (
        <div role="listitem" key={img.url}>
          <EncImage src={img.url} ratio="1X1" alt={`图片 ${i + 1}`} onClick={() => void previewImages(urls, i)} />
        </div>
      ))}
    </div>
  );
}
