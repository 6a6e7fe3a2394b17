// The PDF worker (a thread of the pool in belege.pdf-pool.ts): renders one model per task with the business-document
// renderer. Plain JavaScript, so that a worker starts the same way under `node --import tsx` (dev, start, e2e) and
// under vitest: it loads the TypeScript renderer through tsx itself.
import { tsImport } from 'tsx/esm/api';

const { renderGeschaeftsdokument, SeitenGrenzeErreicht } = await tsImport('./belege.pdf.ts', import.meta.url);

/**
 * One task: `{ model, maxSeiten }` → `{ pdf: ArrayBuffer }` (moved, not copied), or `{ seitenGrenze: n }` when the
 * document would run past n pages. Buffers of the model arrive as Uint8Array and are Buffers again for pdfkit.
 */
export default async function render({ model, maxSeiten }) {
  const bild = model.unterschrift?.bild;
  if (bild) model.unterschrift.bild = Buffer.from(bild.buffer, bild.byteOffset, bild.byteLength);
  try {
    const pdf = await renderGeschaeftsdokument(model, { maxSeiten });
    const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf.buffer : new Uint8Array(pdf).buffer;
    return { pdf: own };
  } catch (err) {
    if (err instanceof SeitenGrenzeErreicht) return { seitenGrenze: err.maxSeiten };
    throw err;
  }
}
