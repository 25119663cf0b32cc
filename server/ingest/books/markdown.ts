import { escapeHtml } from "./html.ts";

// Markdown as an article is written in it: headings, paragraphs, quotes, lists, emphasis, links, images and the
// `<!-- more -->` marker; raw HTML passes through to the sanitiser like the rest. Tables, footnotes and code blocks
// (an article has none in the app) become plain paragraphs.

function inline(text: string): string {
  const codes: string[] = [];
  return text
    .replace(/`([^`]+)`/g, (_, code: string) => `\u0000${codes.push(escapeHtml(code)) - 1}\u0000`)
    .replace(/!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, (_, alt: string, src: string) => `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}">`)
    .replace(/\[([^\]]+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, (_, label: string, href: string) => `<a href="${escapeHtml(href)}">${label}</a>`)
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "<strong>$2</strong>")
    .replace(/(\*|_)(?=\S)([\s\S]*?\S)\1/g, "<em>$2</em>")
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, "<s>$1</s>")
    .replace(/\u0000(\d+)\u0000/g, (_, i: string) => `<code>${codes[Number(i)]}</code>`);
}

export function markdownToHtml(markdown: string): string {
  const lines = markdown.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let para: string[] = [];
  let list: { tag: "ul" | "ol"; items: string[] } | null = null;
  let quote: string[] = [];
  const flush = () => {
    if (para.length) out.push(`<p>${inline(para.join("\n"))}</p>`);
    para = [];
    if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join("")}</${list.tag}>`);
    list = null;
    if (quote.length) out.push(`<blockquote>${markdownToHtml(quote.join("\n"))}</blockquote>`);
    quote = [];
  };
  let fence = false;
  for (const line of lines) {
    if (/^\s*(```|~~~)/.test(line)) {
      flush();
      fence = !fence;
      continue;
    }
    if (fence) {
      out.push(`<p>${escapeHtml(line)}</p>`);
      continue;
    }
    const quoted = /^\s{0,3}>\s?(.*)$/.exec(line);
    if (quoted) {
      if (para.length || list) flush();
      quote.push(quoted[1]!);
      continue;
    }
    if (quote.length) flush();
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    const item = /^\s{0,3}([-*+]|\d{1,9}[.)])\s+(.*)$/.exec(line);
    if (!line.trim()) flush();
    else if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) flush();
    else if (heading) {
      flush();
      out.push(`<h${heading[1]!.length}>${inline(heading[2]!)}</h${heading[1]!.length}>`);
    } else if (item) {
      const tag = /\d/.test(item[1]!) ? "ol" : "ul";
      if (para.length || (list && list.tag !== tag)) flush();
      list ??= { tag, items: [] };
      list.items.push(item[2]!);
    } else if (/^\s*<!--.*-->\s*$/.test(line)) {
      flush();
      out.push(line.trim());
    } else if (list && /^\s{2,}\S/.test(line)) list.items[list.items.length - 1] += ` ${line.trim()}`;
    else {
      if (list) flush();
      para.push(line.trim());
    }
  }
  flush();
  return out.join("\n");
}
