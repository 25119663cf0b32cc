import type { SortTab } from "#gateway/api/types.ts";

/** The sort tabs of a feed: a plain tab list (first-screen weight matters more than an animated underline). */
export function SortTabs({ tabs, active, onChange }: { tabs: SortTab[]; active: string; onChange: (sort: string) => void }) {
  return (
    <div className="sort-tabs" role="tablist" aria-label="排序">
      {tabs.map((t) => (
        <button key={t.sort} type="button" role="tab" aria-selected={t.sort === active} className={t.sort === active ? "is-active" : ""} onClick={() => onChange(t.sort)}>
          {t.name}
        </button>
      ))}
    </div>
  );
}
