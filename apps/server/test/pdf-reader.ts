import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a real PDF parser (pdf.js) reads from a file: the text of each page and the images painted on it. */
export interface ReadPdf {
  pages: string[];
  /** Images painted per page. */
  images: number[];
}

/** `only`: read just these pages (1-based; a large PDF reads faster); the others stay '' with 0 images. */
export async function readPdf(data: Buffer | Uint8Array, { only }: { only?: number[] } = {}): Promise<ReadPdf> {
  const doc = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  const images: number[] = [];
  try {
    for (let i = 1; i <= doc.numPages; i++) {
      if (only && !only.includes(i)) {
        pages.push('');
        images.push(0);
        continue;
      }
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      // one line per text item keeps cells apart; `hasEOL` items end a line
      pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join('\n'));
      const ops = await page.getOperatorList();
      images.push(ops.fnArray.filter((fn) => fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject).length);
    }
  } finally {
    await doc.destroy();
  }
  return { pages, images };
}
