/** The foot of an endless list: loading, more to come, the end, or a failure with 重试. */
export function ListEnd({ error, loading, hasMore, retry }: { error: string | null | undefined; loading: boolean; hasMore: boolean; retry: () => unknown }) {
  return (
    <div className="list-end">
      {error ? (
        <>
          加载失败：{error}{" "}
          <button type="button" className="text-button" onClick={() => void retry()}>
            重试
          </button>
        </>
      ) : loading ? (
        <>
          加载中 <span className="loading-dots" aria-hidden><i /><i /><i /></span>
        </>
      ) : hasMore ? (
        "上滑加载更多"
      ) : (
        "— 没有更多了 —"
      )}
    </div>
  );
}
