import { TextArea, type TextAreaProps } from "antd-mobile";

/**
 * antd-mobile's TextArea puts `aria-*` on its wrapper, not on the textarea: this one names the textarea itself
 * (a hidden <label for> would be an extra, unsized tap target).
 */
export function NamedTextArea({ label, ...props }: TextAreaProps & { label: string }) {
  return (
    <TextArea
      {...props}
      ref={(r) => {
        r?.nativeElement?.setAttribute("aria-label", label);
      }}
    />
  );
}
