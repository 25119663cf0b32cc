import { useEffect, useState } from "react";
import { formatDuration } from "#app/lib/format.ts";
import "./resume-prompt.css";

const SHOWN_MS = 8000;

/** 「上次看到 12:34，继续播放」: offered for a while over the player; a tap goes there. */
export function ResumePrompt({ at, onResume }: { at: number; onResume: () => void }) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setOpen(false), SHOWN_MS);
    return () => clearTimeout(t);
  }, []);
  if (!open) return null;
  return (
    <div className="resume-prompt" role="status">
      <span>上次看到 {formatDuration(at)}，</span>
      <button
        type="button"
        className="resume-prompt-go"
        onClick={() => {
          setOpen(false);
          onResume();
        }}
      >
        继续播放
      </button>
      <button type="button" className="resume-prompt-close" aria-label="关闭" onClick={() => setOpen(false)}>
        ×
      </button>
    </div>
  );
}
