import { ErrorBlock } from "#app/components/kit/error-block.tsx";

/** An honest placeholder for sections that are not built yet. */
export function Unavailable({ title }: { title: string }) {
  return (
    <div className="unavailable">
      <h1 className="section-title">{title}</h1>
      <ErrorBlock status="empty" title="暂未开放" description={`「${title}」正在建设中，敬请期待。`} />
    </div>
  );
}
