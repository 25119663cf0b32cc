import { makeZip, type ZipInput } from "./zip.ts";

// An EPUB 3 made on the spot for tests and the bench: a package, a nav, one XHTML document per chapter (plus a
// cover page without text), and a cover image when given.

export interface EpubChapter {
  title: string;
  paragraphs: string[];
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export function makeEpub(book: { title: string; chapters: EpubChapter[]; cover?: Buffer; nav?: boolean }): Buffer {
  const docs = book.chapters.map((c, i) => ({
    name: `OEBPS/text/ch${i + 1}.xhtml`,
    data: `<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${esc(c.title)}</title></head><body><h2>${esc(c.title)}</h2>${c.paragraphs.map((p) => `<p>${esc(p)}</p>`).join("\n")}</body></html>`,
  }));
  const files: ZipInput[] = [
    { name: "mimetype", data: "application/epub+zip", method: 0 },
    { name: "META-INF/container.xml", data: '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>' },
    {
      name: "OEBPS/content.opf",
      data: `<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${esc(book.title)}</dc:title><dc:creator>佚名</dc:creator></metadata><manifest>
        ${book.nav === false ? "" : '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'}
        <item id="coverpage" href="text/cover.xhtml" media-type="application/xhtml+xml"/>
        ${book.cover ? '<item id="cover" href="images/cover.png" media-type="image/png" properties="cover-image"/>' : ""}
        ${docs.map((_, i) => `<item id="ch${i + 1}" href="text/ch${i + 1}.xhtml" media-type="application/xhtml+xml"/>`).join("")}
      </manifest><spine><itemref idref="coverpage"/>${docs.map((_, i) => `<itemref idref="ch${i + 1}"/>`).join("")}</spine></package>`,
    },
    { name: "OEBPS/text/cover.xhtml", data: '<html xmlns="http://www.w3.org/1999/xhtml"><body><img src="../images/cover.png"/></body></html>' },
    ...docs,
  ];
  if (book.nav !== false) {
    files.push({
      name: "OEBPS/nav.xhtml",
      data: `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body><nav epub:type="toc"><ol>${book.chapters.map((c, i) => `<li><a href="text/ch${i + 1}.xhtml">${esc(c.title)}</a></li>`).join("")}</ol></nav></body></html>`,
    });
  }
  if (book.cover) files.push({ name: "OEBPS/images/cover.png", data: book.cover, method: 0 });
  return makeZip(files);
}
