import { SearchBar } from "#app/components/kit/search-bar.tsx";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { search } from "#gateway/api/index.ts";
import { CreatorRow } from "#app/components/creator-row.tsx";
import { CompilationCard } from "#app/components/element-card.tsx";
import { Page } from "#app/components/page.tsx";
import { PagedList } from "#app/components/paged-list.tsx";
import { Tabs } from "#app/components/tabs.tsx";
import { VideoFeed } from "#app/components/video/video-feed.tsx";
import { rememberSearch } from "#app/lib/search-history.ts";
import { found, searchAsked, searchCalls } from "#app/features/early/screens/search.ts";
import type { Route } from "./+types/result";
import "#app/styles/search.css";

const TYPES = [
  { key: "video", title: "视频" },
  { key: "creator", title: "创作者" },
  { key: "compilation", title: "合集" },
] as const;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const asked = searchAsked(new URL(request.url).searchParams);
  return asked.kw ? searchCalls.take(asked) : { ...asked, first: null };
}

export default function SearchResult({ loaderData }: Route.ComponentProps) {
  const { kw, type } = loaderData;
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  // The box shows this page's word, and what the member types over it while the page is on screen. A new search
  // is a new entry in history; once it has opened, this page's box goes back to its own word, so that going
  // back finds it as it was (the page is kept alive, decision 005).
  const [typed, setTyped] = useState({ kw, text: kw });
  const text = typed.kw === kw ? typed.text : kw;
  return (
    <Page title="搜索结果">
      <SearchBar
        className="result-search"
        value={text}
        onChange={(value) => setTyped({ kw, text: value })}
        placeholder="搜索视频、创作者、合集"
        maxLength={search.MAX_SEARCH_KEYWORD}
        onSearch={async (w) => {
          const word = w.trim();
          if (!word) return;
          rememberSearch(word);
          await navigate(`/search/result?kw=${encodeURIComponent(word)}&type=${type}`, { replace: word === kw });
          setTyped({ kw, text: kw });
        }}
      />
      <Tabs activeKey={type} onChange={(k) => setParams({ kw, type: k }, { replace: true })}>
        {TYPES.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      {!loaderData.first ? (
        <p className="list-end">请输入关键词</p>
      ) : loaderData.type === "creator" ? (
        // Each tab's list is its own source: it starts from its own first page, never another tab's rows.
        <PagedList source={found.creator(kw)} initial={loaderData.first} itemKey={(c) => c.uid} renderItem={(c) => <CreatorRow creator={c} />} emptyText="没有找到相关创作者" />
      ) : loaderData.type === "compilation" ? (
        <PagedList
          source={found.compilation(kw)}
          initial={loaderData.first}
          itemKey={(c) => c.id}
          renderItem={(c) => <CompilationCard compilation={c} />}
          emptyText="没有找到相关合集"
        />
      ) : (
        <VideoFeed source={found.video(kw)} initial={loaderData.first} emptyText="没有找到相关视频" />
      )}
    </Page>
  );
}

export function meta() {
  return [{ title: "搜索结果 — 影音" }];
}
