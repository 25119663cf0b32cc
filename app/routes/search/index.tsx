import { SearchBar } from "#app/components/kit/search-bar.tsx";
import { useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { search } from "#gateway/api/index.ts";
import { Page } from "#app/components/page.tsx";
import { confirmDialog } from "#app/lib/feedback.ts";
import { api } from "#app/lib/gateway.ts";
import { clearSearchHistory, readSearchHistory, rememberSearch } from "#app/lib/search-history.ts";
import type { Route } from "./+types/index";
import "#app/styles/search.css";

/** A search's results; the words of the history and of the hot list are links to theirs. */
const resultsOf = (word: string) => `/search/result?kw=${encodeURIComponent(word)}`;

export async function clientLoader() {
  // The search box works without them: a failure leaves the screen usable and says so where they would be.
  const hot = await api(search.hotSearch, undefined).catch(() => null);
  // Read on every visit: a page kept alive in history shows, when it comes back, what was searched meanwhile.
  return { hot, history: readSearchHistory() };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // Cleared here: the loader's history until the next visit reads it again.
  const [clearedOn, setClearedOn] = useState<unknown>(null);
  const history = clearedOn === loaderData ? [] : loaderData.history;
  const go = (word: string) => {
    const kw = word.trim();
    if (!kw) return;
    rememberSearch(kw);
    void navigate(resultsOf(kw));
  };
  return (
    <Page title="搜索">
      <SearchBar
        className="search-input"
        placeholder="搜索视频、创作者、合集"
        autoFocus
        maxLength={search.MAX_SEARCH_KEYWORD}
        onSearch={go}
        aria-label="搜索关键词"
      />
      {history.length > 0 && (
        <section className="search-block" aria-label="搜索历史">
          <h2 className="block-title">
            搜索历史
            <button
              type="button"
              className="link-button"
              onClick={async () => {
                if (await confirmDialog({ content: "确定清空搜索历史？" })) {
                  clearSearchHistory();
                  setClearedOn(loaderData);
                }
              }}
            >
              清空
            </button>
          </h2>
          <div className="chips">
            {history.map((h) => (
              <Link key={h} className="chip" to={resultsOf(h)} onClick={() => rememberSearch(h)}>
                {h}
              </Link>
            ))}
          </div>
        </section>
      )}
      <section className="search-block" aria-label="热门搜索">
        <h2 className="block-title">热门搜索</h2>
        {loaderData.hot === null ? (
          <p className="list-end">
            热门搜索加载失败{" "}
            <button type="button" className="text-button" disabled={revalidator.state !== "idle"} onClick={() => void revalidator.revalidate()}>
              重试
            </button>
          </p>
        ) : loaderData.hot.length === 0 ? (
          <p className="list-end">暂无热门搜索</p>
        ) : (
          <ol className="hot-list">
            {loaderData.hot.map((h, i) => (
              <li key={h.word}>
                <span className={`hot-rank${i < 3 ? " is-top" : ""}`}>{i + 1}</span>
                <Link className="text-button" to={resultsOf(h.word)} onClick={() => rememberSearch(h.word)}>
                  {h.word}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Page>
  );
}

export function meta() {
  return [{ title: "搜索 — 影音" }];
}
