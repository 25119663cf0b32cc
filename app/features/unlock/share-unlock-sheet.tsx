import { lazy, Suspense, useState } from "react";
import { SHARE_TEXT_LENGTH } from "#gateway/api/video.ts";
import { Button } from "#app/components/kit/button.tsx";
import { Sheet } from "#app/components/sheet.tsx";
import { toast } from "#app/lib/feedback.ts";

const TextArea = lazy(() => import("#app/lib/form-fields.ts").then((m) => ({ default: m.TextArea })));

const { min: SHARE_MIN, max: SHARE_MAX } = SHARE_TEXT_LENGTH;

/** 分享到社区解锁: a line of recommendation posted to the circle unlocks the unit (the unlock panel's third way). */
export default function ShareUnlockSheet({
  visible,
  title,
  left,
  busy,
  initial,
  onClose,
  onSend,
}: {
  visible: boolean;
  /** The unit's title. */
  title: string;
  /** Community unlocks left today. */
  left: number;
  busy: boolean;
  /** The words the field starts with. */
  initial: string;
  onClose: () => void;
  onSend: (content: string) => void;
}) {
  const [words, setWords] = useState(initial);
  const wordsLength = words.trim().length;
  return (
    <Sheet visible={visible} onClose={onClose} title="分享到社区解锁" className="share-popup" destroyOnClose>
      <form
        className="share-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (wordsLength < SHARE_MIN) return void toast(`分享语至少 ${SHARE_MIN} 个字`);
          onSend(words.trim());
        }}
      >
        <p className="share-hint">
          把《{title}》分享到圈子，写一句推荐语即可免费解锁，今日还可用 {left} 次。
        </p>
        <Suspense fallback={<div className="share-field-pending" />}>
          <TextArea name="content" value={words} onChange={setWords} maxLength={SHARE_MAX} showCount rows={3} placeholder="写一句推荐语" aria-label="推荐语" />
        </Suspense>
        <Button className="item-action" block type="submit" color="primary" loading={busy} disabled={busy || wordsLength < SHARE_MIN}>
          发布并解锁
        </Button>
      </form>
    </Sheet>
  );
}
