import type { Ref } from "react";
import { DotLoading } from "#app/components/kit/dot-loading.tsx";

interface Props {
  error: string | null | undefined;
  loading: boolean;
  hasMore: boolean;
  retry: () => unknown;
  /** The list asks for its next page by itself as its end nears: while more is to come it is loading, never 上滑加载更多. */
  auto?: boolean;
  /** The list has no rows: the foot shows this (nothing when absent) instead of 没有更多了. */
  empty?: boolean;
  emptyText?: string;
  className?: string;
  ref?: Ref<HTMLDivElement>;
}

/** The foot of an endless list: loading, more to come, the end, or a failure with 重试. */
export function ListEnd({ error, loading, hasMore, retry, auto = false, empty = false, emptyText, className, ref }: Props) {
  return (
    <div ref={ref} className={className ? `list-end ${className}` : "list-end"}>
      {error ? (
        <>
          加载失败：{error}{" "}
          <button type="button" className="text-button" onClick={() => void retry()}>
            重试
          </button>
        </>
      ) : loading || (auto && hasMore) ? (
        <>
          加载中 <DotLoading />
        </>
      ) : hasMore ? (
        "上滑加载更多"
      ) : empty ? (
        (emptyText ?? null)
      ) : (
        "— 没有更多了 —"
      )}
    </div>
  );
}
