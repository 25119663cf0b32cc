import { Fragment, type ReactNode } from "react";

const SEPARATOR = " · ";

/** A separator and what follows it, on one line: a wrapped line neither ends on a dot nor starts with one alone. */
function AfterDot({ children }: { children: ReactNode }) {
  return (
    <>
      {" "}
      <span className="dotted-part">
        <span className="dotted-sep">·</span> {children}
      </span>
    </>
  );
}

/**
 * Parts joined by 「·」 (a meta line: 190万 粉丝 · 12 个视频 · 粉丝团), each separator kept with the part after
 * it. Empty parts are left out with their separator. The text reads as before: `a · b`.
 */
export function Dotted({ parts }: { parts: ReactNode[] }) {
  return parts
    .filter((p) => p !== null && p !== undefined && p !== false && p !== "")
    .map((part, i) => (i === 0 ? <Fragment key={i}>{part}</Fragment> : <AfterDot key={i}>{part}</AfterDot>));
}

/**
 * A text written with 「·」 between its parts (a title: 示例视频 0001 · 剧情): the separator is kept with the
 * next character only, so a long part still wraps inside.
 */
export function DottedText({ text }: { text: string }) {
  const [first = "", ...rest] = text.split(SEPARATOR);
  return (
    <>
      {first}
      {rest.map((part, i) => {
        const [head = "", ...tail] = Array.from(part);
        return (
          <Fragment key={i}>
            <AfterDot>{head}</AfterDot>
            {tail.join("")}
          </Fragment>
        );
      })}
    </>
  );
}
