import { ImageUploader, type ImageUploadItem } from "antd-mobile";
import { useRef } from "react";
import { jsCrypto } from "#gateway/crypto-js.ts";
import { getErrorMessage } from "#gateway/errors.ts";
import { uploadImage, type UploadConfig } from "#gateway/uploads.ts";
import { toast } from "#app/lib/feedback.ts";

const MAX_BYTES = 5 * 1024 * 1024;

/** The uploaded addresses of a picker's value, as a form field (JSON). */
export const photoAddresses = (items: unknown) => JSON.stringify(((items as ImageUploadItem[] | undefined) ?? []).map((i) => i.url));

/**
 * Pictures for a form, a post or a message: each is uploaded as it is picked (protocol §6), and the value holds
 * their addresses. Works controlled by an antd-mobile Form.Item too; `onBusy` says whether an upload is under way.
 */
export function PhotoPicker({ upload, max, value, onChange, onBusy }: { upload: UploadConfig | null; max: number; value?: ImageUploadItem[]; onChange?: (v: ImageUploadItem[]) => void; onBusy?: (busy: boolean) => void }) {
  // Several pictures upload at once: busy until the last is done.
  const pending = useRef(0);
  return (
    <ImageUploader
      value={value ?? []}
      onChange={onChange}
      maxCount={max}
      multiple
      disableUpload={!upload}
      accept="image/png,image/jpeg,image/gif,image/webp"
      beforeUpload={(file) => {
        if (file.size <= MAX_BYTES) return file;
        toast("图片不能超过 5 MB");
        return null;
      }}
      upload={async (file) => {
        onBusy?.(++pending.current > 0);
        try {
          return { url: await uploadImage({ config: upload!, file, fileName: file.name, crypto: jsCrypto }) };
        } catch (error) {
          toast(`上传失败：${getErrorMessage(error)}`);
          throw error;
        } finally {
          onBusy?.(--pending.current > 0);
        }
      }}
    />
  );
}
