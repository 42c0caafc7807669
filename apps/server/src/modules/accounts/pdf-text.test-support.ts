import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, page by page, as a reader (or a screen reader) would extract it. */
export async function pdfPagesText(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true }).promise;
  try {
    const pages: string[] = [];
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber += 1) {
      const page = await pdf.getPage(pageNumber);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** The PDF's text as one string with runs of whitespace collapsed. */
export async function pdfText(bytes: Buffer): Promise<string> {
  return (await pdfPagesText(bytes)).join('\n').replace(/\s+/g, ' ');
}
