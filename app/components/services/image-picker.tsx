import type { ImageUploadItem } from "antd-mobile";
import { useState } from "react";
import type { UploadConfig } from "#gateway/uploads.ts";
import { PhotoPicker } from "#app/components/media/photo-picker.tsx";

/** Pictures for feedback or a support message, with a line that says when uploading is unavailable or under way. */
export function ImagePicker({ upload, value, onChange, max, onBusy }: { upload: UploadConfig | null; value: ImageUploadItem[]; onChange: (items: ImageUploadItem[]) => void; max: number; onBusy?: (busy: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const changeBusy = (b: boolean) => {
    setBusy(b);
    onBusy?.(b);
  };
  return (
    <>
      <PhotoPicker upload={upload} value={value} onChange={onChange} max={max} onBusy={changeBusy} />
      {!upload ? <p className="share-hint">上传服务暂不可用</p> : busy ? <p className="share-hint">图片上传中…</p> : null}
    </>
  );
}
