import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a real PDF parser (pdf.js) reads from a file: the text of each page and the images painted on it. */
export interface ReadPdf {
  pages: string[];
  /** Images painted per page. */
  images: number[];
  /** Every text item per page with its box in points (x, y from the page's bottom left; y is the baseline). */
  boxes: TextBox[][];
}
export interface TextBox {
  str: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Two boxes share some area (touching edges do not count). */
export const overlap = (a: TextBox, b: TextBox) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

/** `only`: read just these pages (1-based; a large PDF reads faster); the others stay '' with 0 images. */
export async function readPdf(data: Buffer | Uint8Array, { only }: { only?: number[] } = {}): Promise<ReadPdf> {
  const doc = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  const images: number[] = [];
  const boxes: TextBox[][] = [];
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
      boxes.push(
        content.items.flatMap((it) =>
          'str' in it && it.str.trim() ? [{ str: it.str, x: it.transform[4] as number, y: it.transform[5] as number, w: it.width, h: it.height }] : [],
        ),
      );
      const ops = await page.getOperatorList();
      images.push(ops.fnArray.filter((fn) => fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject).length);
    }
  } finally {
    await doc.destroy();
  }
  return { pages, images, boxes };
}
