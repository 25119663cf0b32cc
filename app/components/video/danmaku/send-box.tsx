import { Button } from "#app/components/kit/button.tsx";
import { useId, useState, type FormEvent } from "react";
import "./send-box.css";

export const MAX_DANMAKU = 50;

/** What is wrong with a bullet's text, in the gateway's words for comments; "" when it may be sent. */
export function danmakuTextError(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return "请输入弹幕内容";
  if (trimmed.length > MAX_DANMAKU) return `弹幕最多 ${MAX_DANMAKU} 字`;
  return "";
}

/**
 * 弹幕输入框: sends a bullet at the current time through `onSend` (the host's call), shows what it sends, and says
 * why it failed. A rejection's message is shown when it has one (the gateway's refusal), else a general one.
 */
export function DanmakuSendBox({ onSend, disabled = false }: { onSend: (text: string) => Promise<unknown>; disabled?: boolean }) {
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);
  const blank = !text.trim();
  const errorId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const problem = danmakuTextError(text);
    setError(problem);
    if (problem) return;
    setSending(true);
    onSend(text.trim()).then(
      () => {
        setText("");
        setSending(false);
      },
      (failure: unknown) => {
        setError(failure instanceof Error && failure.message ? failure.message : "发送失败，请稍后重试");
        setSending(false);
      },
    );
  };

  return (
    <form className="danmaku-send" onSubmit={submit} aria-label="发送弹幕">
      <span className="danmaku-send-field">
        <input
          type="text"
          enterKeyHint="send"
          aria-label="弹幕输入框"
          placeholder="发个友善的弹幕见证当下"
          maxLength={MAX_DANMAKU}
          value={text}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError("");
          }}
        />
        <span className="danmaku-send-count" aria-hidden="true">
          {text.length}/{MAX_DANMAKU}
        </span>
      </span>
      <Button type="submit" color="primary" size="small" disabled={disabled || blank} loading={sending}>
        发弹幕
      </Button>
      {error && (
        <p id={errorId} className="danmaku-send-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
