import { Link } from "react-router";
import { KIND_ORDER, RESOURCE_KINDS } from "#app/features/resources/resource-kinds.ts";
import { filterSetOf, kindFeed, tabHref, type FilterValues, type ResourceTabData, type TabQuery } from "#app/features/resources/resource-tab.ts";
import { ResourceFeed } from "./resource-feed.tsx";
import { ResourceHomeView } from "./resource-home.tsx";
import "./resources.css";

/** A link that changes the tab's query: it replaces the entry (back leaves the tab) and keeps the scroll. */
function QueryLink({ to, active, children, role }: { to: TabQuery; active: boolean; children: React.ReactNode; role?: "tab" }) {
  return (
    <Link
      to={tabHref(to)}
      replace
      preventScrollReset
      role={role}
      aria-selected={role ? active : undefined}
      aria-current={!role && active ? "true" : undefined}
      className={active ? "is-active" : ""}
    >
      {children}
    </Link>
  );
}

/** One kind's sub-tab of /resource: its home, sort tabs, filters and endless list. */
export function ResourceTab({ data: { query, sorts, sort, home, filters, first } }: { data: ResourceTabData }) {
  const entry = RESOURCE_KINDS[query.kind];
  const set = filterSetOf(entry, query.find);
  const withFilter = (key: keyof FilterValues, value: string | undefined): TabQuery => ({
    ...query,
    filters: { ...query.filters, [key]: value === undefined ? undefined : key === "tag" ? value : Number(value) },
  });
  return (
    <>
      <nav className="sort-tabs resource-kinds" role="tablist" aria-label="资源分类">
        {KIND_ORDER.map((k) => (
          <QueryLink key={k} to={{ kind: k, find: false, filters: {} }} active={k === query.kind} role="tab">
            {RESOURCE_KINDS[k].label}
          </QueryLink>
        ))}
      </nav>
      {home && <ResourceHomeView home={home} />}
      {entry.filterSets.length > 1 && (
        <nav className="feed-tools" aria-label="查找方式">
          {entry.filterSets.map((s) => (
            <QueryLink key={s.key} to={{ kind: query.kind, sort: query.sort, find: s.key === "find", filters: {} }} active={s === set}>
              {s.label}
            </QueryLink>
          ))}
        </nav>
      )}
      <nav className="sort-tabs" role="tablist" aria-label="排序">
        {sorts.map((s) => (
          <QueryLink key={s.sort} to={{ ...query, sort: s.sort }} active={s.sort === sort} role="tab">
            {s.name}
          </QueryLink>
        ))}
      </nav>
      {filters.map((f) => {
        const chosen = query.filters[f.key];
        return (
          <div key={f.key} className="resource-filter">
            <span className="resource-filter-name" aria-hidden>
              {f.name}
            </span>
            <nav className="feed-tools" aria-label={f.name}>
              <QueryLink to={withFilter(f.key, undefined)} active={chosen === undefined}>
                全部
              </QueryLink>
              {/* An option without a value is the filter's own 全部: the chip above. */}
              {f.options
                .filter((o) => o.value !== "")
                .map((o) => (
                  <QueryLink key={o.value} to={withFilter(f.key, o.value)} active={String(chosen) === o.value}>
                    {o.name}
                  </QueryLink>
                ))}
            </nav>
          </div>
        );
      })}
      <ResourceFeed source={kindFeed(entry, sort, query.filters, query.find)} initial={first} emptyText={`暂无${entry.label}`} label={entry.label} />
    </>
  );
}
