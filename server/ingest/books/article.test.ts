import { describe, expect, it } from "vitest";
import { imageSources, sanitizeArticle, splitArticle } from "./article.ts";
import { markdownToHtml } from "./markdown.ts";

const keep = (src: string, alt: string) => `<img data-seed="file:k/${src}" data-ratio="4X3" alt="${alt}">`;
const clean = (html: string) => sanitizeArticle(html, keep).blocks.join("");

describe("sanitizeArticle", () => {
  it("keeps the app's allow-list and drops scripts, styles, frames, handlers and bad links", () => {
    const html = `<!doctype html><html><head><title>t</title><style>p{}</style></head><body>
      <h1 onclick="x()">标题</h1><p class="a" style="color:red">一段<b>粗体</b>和<a href="javascript:alert(1)">坏链接</a>、<a href="https://example.com/?a=1&amp;b=2" target="_blank">好链接</a></p>
      <script>alert(1)</script><iframe src="https://x"></iframe><div>未包裹的文字<span>和行内</span></div>
      <ul><li>一</li><li>二</li></ul><form><input value="x">表单</form><svg><text>画</text></svg>
      <p>&lt;script&gt; 不是标签 &amp; 1 &lt; 2</p></body></html>`;
    expect(clean(html)).toBe(
      '<h2>标题</h2><p>一段<b>粗体</b>和坏链接、<a href="https://example.com/?a=1&amp;b=2">好链接</a></p><p>未包裹的文字<span>和行内</span></p><ul><li>一</li><li>二</li></ul><p>&lt;script&gt; 不是标签 &amp; 1 &lt; 2</p>',
    );
  });

  it("survives broken markup as a browser would", () => {
    expect(clean("<p>一<b>二<p>三</b>四")).toBe("<p>一<b>二</b></p><p>三四</p>");
    expect(clean("a < b <img src=x onerror=alert(1)> </p> c")).toBe('<p>a &lt; b <img data-seed="file:k/x" data-ratio="4X3" alt=""> c</p>');
    expect(clean('<a href="  java\nscript:x">x</a><a href="//evil.example/">y</a>')).toBe("<p>xy</p>");
  });

  it("gives each image to the command, which stores or drops it", () => {
    const html = '<p>前<img src="a.png" alt="图一">后</p><img src="https://remote/x.png"><figure><img src="b.jpg"><figcaption>说明</figcaption></figure>';
    expect(imageSources(html)).toEqual(["a.png", "https://remote/x.png", "b.jpg"]);
    const out = sanitizeArticle(html, (src, alt) => (src.startsWith("http") ? null : keep(src, alt))).blocks;
    expect(out).toEqual(['<p>前<img data-seed="file:k/a.png" data-ratio="4X3" alt="图一">后</p>', '<figure><p><img data-seed="file:k/b.jpg" data-ratio="4X3" alt=""></p><figcaption>说明</figcaption></figure>']);
  });

  it("splits a paid article at <!-- more -->, else after its first third", () => {
    const marked = sanitizeArticle("<p>一</p><p>二</p><!-- more --><p>三</p><p>四</p>", keep);
    expect(marked.more).toBe(2);
    expect(splitArticle(marked, true)).toEqual({ description: "<p>一</p><p>二</p>", body: "<p>三</p><p>四</p>" });
    expect(splitArticle(marked, false)).toEqual({ description: "<p>一</p><p>二</p><p>三</p><p>四</p>", body: "" });
    const plain = sanitizeArticle("<p>1</p><p>2</p><p>3</p><p>4</p><p>5</p><p>6</p>", keep);
    expect(splitArticle(plain, true).description).toBe("<p>1</p><p>2</p>");
    expect(splitArticle(sanitizeArticle("<p>only</p>", keep), true)).toEqual({ description: "<p>only</p>", body: "" });
  });
});

describe("markdownToHtml", () => {
  it("turns an article's Markdown into HTML the sanitiser keeps", () => {
    const md = "# 标题\n\n第一段**粗**和*斜*，`代码`，[链接](https://example.com)。\n\n![图](img/a.png)\n\n<!-- more -->\n\n- 一\n- 二\n\n1. 甲\n2. 乙\n\n> 引用\n\n---\n\n~~删~~ <script>x</script>";
    const html = markdownToHtml(md);
    expect(imageSources(html)).toEqual(["img/a.png"]);
    const article = sanitizeArticle(html, keep);
    expect(article.more).toBe(3);
    expect(article.blocks).toEqual([
      "<h2>标题</h2>",
      '<p>第一段<strong>粗</strong>和<em>斜</em>，<span>代码</span>，<a href="https://example.com">链接</a>。</p>',
      '<p><img data-seed="file:k/img/a.png" data-ratio="4X3" alt="图"></p>',
      "<ul><li>一</li><li>二</li></ul>",
      "<ol><li>甲</li><li>乙</li></ol>",
      "<blockquote><p>引用</p></blockquote>",
      "<p><s>删</s></p>",
    ]);
  });
});
