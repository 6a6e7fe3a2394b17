import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatBetrag, formatZeitpunkt } from '../../lib/format-de';

/**
 * The business-document renderer (issue 11 item 3): one A4 layout for sales documents, the service completion report
 * and any other document on paper. It knows nothing of the database: callers build a `GeschaeftsdokumentModel`
 * (belege.dokumente.service.ts does it for sales documents) and get the PDF bytes.
 *
 * Layout (DIN 5008, form B): letterhead at the top of page 1; the sender line and the recipient in the window
 * position (address field 45 mm from the top and 20 mm from the left edge, text indented 5 mm: sender line in the
 * note zone, recipient from 62.7 mm in the 27.3 mm address zone); the information block (number, date, customer
 * number …) beside it from 125 mm; fold marks at 105 and 210 mm and the hole mark at 148.5 mm; the title from 100 mm.
 * The table header is drawn again on every page the table runs onto; every page ends with the company's foot lines
 * and "Seite x von y". Fonts: DejaVu Sans Condensed (regular and bold, close to Helvetica's widths), embedded as
 * subsets — PDF/A forbids fonts that are not embedded, and every glyph of the texts prints (issue 24).
 * With `pdfA3` the file is a PDF/A-3b with an embedded file (a ZUGFeRD/Factur-X invoice: the CII XML as
 * `factur-x.xml`, /AFRelationship /Alternative, the Factur-X XMP extension schema).
 * The output is deterministic: the same model gives the same bytes (the creation date comes from the model), so the
 * SHA-256 kept with a document identifies what was printed.
 *
 * Money is formatted by one formatter (`formatBetrag`: integer cents → de-DE with 2 decimals, no floating point).
 */

// ---------------------------------------------------------------------------------------------------------------
// Model

export interface Briefkopf {
  /** Company name, large at the top of page 1 and small on following pages. */
  name: string;
  /** Lines at the top right of page 1 (street, postcode and town, phone, e-mail, web). */
  zeilen: string[];
  /** The sender line above the recipient (DIN 5008 return address), e.g. "Muster GmbH · Hauptstr. 1 · 24103 Kiel". */
  absenderzeile: string;
  /** Foot of every page: up to four columns of small lines (address, contact, tax, bank). */
  fussspalten: string[][];
}

export interface TabellenSpalte {
  key: string;
  titel: string;
  /** Width in millimetres; exactly one column leaves it out and takes the rest of the 165 mm table. */
  breite?: number;
  ausrichtung?: 'left' | 'right' | 'center';
}

export interface TabellenZeile {
  /** Cell texts by column key (already formatted: use the exported formatters). */
  zellen?: Record<string, string | null | undefined>;
  /** Second, smaller line(s) under the text column (e.g. the position's description). */
  detail?: string | null;
  /** A text line (positionsArt 'T'): a bold title and a text over the text column and every column after it; no cells. */
  text?: { titel?: string | null; text?: string | null };
}

export interface SummenZeile {
  label: string;
  /** Amount in cents. */
  cents: number;
  /** Bold (the grand total). */
  betont?: boolean;
  /** A rule above the line. */
  linieDavor?: boolean;
}

export interface Unterschrift {
  /** PNG (or JPEG) bytes. */
  bild: Buffer;
  /** Caption under the line, e.g. "Unterschrift Kunde". */
  beschriftung?: string;
  unterzeichner?: string | null;
  /** When it was signed (ISO date-time); printed as dd.mm.yyyy hh:mm (Europe/Berlin). */
  zeitpunkt?: string | null;
}

export interface GeschaeftsdokumentModel {
  briefkopf: Briefkopf;
  /** Recipient address lines (at most 6 print in the window). */
  empfaenger: string[];
  /** Document title, e.g. "Rechnung". */
  titel: string;
  /** Shown after the title, e.g. the document number. */
  titelZusatz?: string | null;
  /** The information block beside the address: label and value, e.g. Rechnungs-Nr., Datum, Kunden-Nr. */
  kopfdaten: { label: string; wert: string }[];
  /** Text between title and table (salutation, head text). */
  einleitung?: string | null;
  spalten: TabellenSpalte[];
  zeilen: TabellenZeile[];
  /** Key of the column that holds details and text lines (default: the column without a width). */
  textSpalte?: string;
  /** The totals block under the table, right-aligned (net, discounts, VAT per rate, gross …). */
  summen?: SummenZeile[];
  /** Paragraphs after the totals (payment terms, foot text, delivery notes …). */
  schlusstexte?: (string | null | undefined)[];
  unterschrift?: Unterschrift | null;
  /** A stamp across every page, e.g. "STORNIERT" for a cancelled document. */
  stempel?: string | null;
  /** PDF metadata; `erstelltAm` makes the bytes reproducible (default: 2000-01-01). */
  info?: { titel?: string; autor?: string; betreff?: string; erstelltAm?: Date };
  /**
   * A PDF/A-3b with an embedded file (ZUGFeRD/Factur-X: the CII invoice): its name, MIME type, text, relationship and
   * the XMP to add (the Factur-X extension schema and its values).
   */
  pdfA3?: { dateiname: string; mime: string; inhalt: string; beschreibung: string; xmp: string } | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Formatting: the German texts of amounts, quantities, percentages and dates are lib/format-de.ts (one for every
// document).

// ---------------------------------------------------------------------------------------------------------------
// Rendering

const MM = 72 / 25.4;
const PAGE_W = 210 * MM;
const PAGE_H = 297 * MM;
const LEFT = 25 * MM;
const RIGHT = 20 * MM;
const CONTENT_W = PAGE_W - LEFT - RIGHT;
/** Lowest y the body may reach; below are the page number and the foot. */
const BODY_BOTTOM = 262 * MM;
const FOOT_TOP = 270 * MM;
const FONT = 'DejaVu';
const BOLD = 'DejaVu-Bold';
/** The TrueType files (package dejavu-fonts-ttf), read once per thread. */
const SCHRIFTEN = (() => {
  const ordner = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return { [FONT]: readFileSync(join(ordner, 'DejaVuSansCondensed.ttf')), [BOLD]: readFileSync(join(ordner, 'DejaVuSansCondensed-Bold.ttf')) };
})();
const GREY = '#555555';
const RULE = '#999999';
const PAD = 1.4 * MM;

interface Col {
  key: string;
  titel: string;
  x: number;
  w: number;
  align: 'left' | 'right' | 'center';
}

function layoutColumns(spalten: TabellenSpalte[]): Col[] {
  const fixed = spalten.reduce((s, c) => s + (c.breite ?? 0) * MM, 0);
  const flex = spalten.filter((c) => c.breite === undefined).length;
  const rest = Math.max(20 * MM, CONTENT_W - fixed);
  let x = LEFT;
  return spalten.map((c) => {
    const w = c.breite === undefined ? rest / Math.max(1, flex) : c.breite * MM;
    const col = { key: c.key, titel: c.titel, x, w, align: c.ausrichtung ?? 'left' };
    x += w;
    return col;
  });
}

/** Thrown when the document would run past `maxSeiten` pages (the renderer stops at that page). */
export class SeitenGrenzeErreicht extends Error {
  constructor(readonly maxSeiten: number) {
    super(`Das Dokument hätte mehr als ${maxSeiten} Seiten`);
  }
}

export interface RenderOptionen {
  /** The most pages the document may have; one more throws `SeitenGrenzeErreicht` (default: no bound). */
  maxSeiten?: number;
}

/**
 * Renders the document and answers the PDF file's bytes, in the calling thread. The server renders through the worker
 * pool (belege.pdf-pool.ts `renderPdf`); this is what each worker runs.
 */
export function renderGeschaeftsdokument(model: GeschaeftsdokumentModel, optionen: RenderOptionen = {}): Promise<Buffer> {
  const erstelltAm = model.info?.erstelltAm ?? new Date('2000-01-01T00:00:00Z');
  const doc = new PDFDocument({
    ...(model.pdfA3 ? { pdfVersion: '1.7' as const, subset: 'PDF/A-3b' as const } : {}),
    size: 'A4',
    margins: { top: 20 * MM, bottom: PAGE_H - BODY_BOTTOM, left: LEFT, right: RIGHT },
    bufferPages: true,
    autoFirstPage: true,
    compress: true,
    lang: 'de-DE',
    info: {
      Title: model.info?.titel ?? [model.titel, model.titelZusatz].filter(Boolean).join(' '),
      Author: model.info?.autor ?? model.briefkopf.name,
      Subject: model.info?.betreff ?? model.titel,
      Creator: 'vario web',
      Producer: 'vario web (PDFKit)',
      CreationDate: erstelltAm,
    },
  });
  for (const [name, daten] of Object.entries(SCHRIFTEN)) doc.registerFont(name, daten);
  doc.font(FONT);
  if (model.pdfA3) {
    const a = model.pdfA3;
    // pdfkit 0.20 writes /AFRelationship from `relationship` (its types do not know the option yet)
    const anhang: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
      name: a.dateiname,
      type: a.mime,
      relationship: 'Alternative',
      description: a.beschreibung,
      creationDate: erstelltAm,
      modifiedDate: erstelltAm,
    };
    doc.file(Buffer.from(a.inhalt, 'utf8'), anhang);
    doc.appendXML(a.xmp);
    xmpMaskiert(doc);
  }
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    draw(doc, model, optionen.maxSeiten ?? Number.POSITIVE_INFINITY);
    doc.end();
  } catch (e) {
    doc.end();
    return Promise.reject(e);
  }
  return done;
}

const xmlText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * pdfkit (0.20) writes the title, author and subject into the XMP packet as they are: a company name with "&" would
 * make it invalid XML. The XMP gets them escaped; the document information dictionary (written before) keeps them.
 */
function xmpMaskiert(doc: PDFKit.PDFDocument) {
  const d = doc as unknown as { _addInfo: () => void; info: Record<string, unknown> };
  const original = d._addInfo;
  d._addInfo = function (this: typeof d) {
    const vorher = { ...this.info };
    for (const k of ['Title', 'Author', 'Subject', 'Creator', 'Producer', 'Keywords']) {
      const v = this.info[k];
      if (typeof v === 'string') this.info[k] = xmlText(v);
    }
    try {
      original.call(this);
    } finally {
      Object.assign(this.info, vorher);
    }
  };
}

function draw(doc: PDFKit.PDFDocument, m: GeschaeftsdokumentModel, maxSeiten: number) {
  // every new page counts, also those pdfkit adds for a text that runs past the page
  doc.on('pageAdded', () => {
    if (doc.bufferedPageRange().count > maxSeiten) throw new SeitenGrenzeErreicht(maxSeiten);
  });
  const cols = layoutColumns(m.spalten);
  const textKey = m.textSpalte ?? m.spalten.find((c) => c.breite === undefined)?.key ?? m.spalten[0]?.key;
  const textIndex = Math.max(
    0,
    cols.findIndex((c) => c.key === textKey),
  );
  const title = [m.titel, m.titelZusatz].filter(Boolean).join(' ');

  firstPage(doc, m, title);

  const tableHeader = () => {
    const h = 6 * MM;
    doc.save().rect(LEFT, doc.y, CONTENT_W, h).fill('#e9ecef').restore();
    doc.font(BOLD).fontSize(8.5).fillColor('#000');
    const y = doc.y + (h - 8.5) / 2 + 0.5;
    for (const c of cols) doc.text(c.titel, c.x + PAD, y, { width: c.w - 2 * PAD, align: c.align, lineBreak: false });
    doc.x = LEFT;
    doc.y = y - (h - 8.5) / 2 - 0.5 + h;
  };
  const newPage = (withHeader: boolean) => {
    doc.addPage();
    followingPageHead(doc, m, title);
    if (withHeader) tableHeader();
  };

  if (m.einleitung?.trim()) {
    flowText(doc, m.einleitung, () => newPage(false));
    doc.y += 3 * MM;
  }

  if (cols.length > 0) {
    if (doc.y + 6 * MM + 12 * MM > BODY_BOTTOM) newPage(false);
    tableHeader();
    m.zeilen.forEach((row, index) => {
      const h = rowHeight(doc, cols, textIndex, row);
      if (doc.y + h > BODY_BOTTOM) newPage(true);
      drawRow(doc, cols, textIndex, row, index, Math.min(h, BODY_BOTTOM - doc.y));
    });
    doc
      .save()
      .moveTo(LEFT, doc.y)
      .lineTo(LEFT + CONTENT_W, doc.y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke()
      .restore();
    doc.y += 3 * MM;
  }

  if (m.summen?.length) {
    const lineH = 5 * MM;
    const w = 85 * MM;
    const x = LEFT + CONTENT_W - w;
    const amountW = 32 * MM;
    const labelW = w - amountW - 2 * MM;
    // a label (a long discount text) wraps in its column: each line as high as its text, never over the next
    const font = (s: SummenZeile) =>
      doc
        .font(s.betont ? BOLD : FONT)
        .fontSize(s.betont ? 10.5 : 9.5)
        .fillColor('#000');
    const hoehe = (s: SummenZeile) => {
      font(s);
      const eineZeile = doc.heightOfString('X', { width: labelW });
      return Math.max(lineH, doc.heightOfString(s.label, { width: labelW }) - eineZeile + lineH) + (s.linieDavor ? 1.2 * MM : 0);
    };
    const need = m.summen.reduce((sum, s) => sum + hoehe(s), 0) + 2 * MM;
    if (doc.y + need > BODY_BOTTOM) newPage(false);
    for (const s of m.summen) {
      if (doc.y + hoehe(s) > BODY_BOTTOM) newPage(false);
      if (s.linieDavor) {
        doc
          .save()
          .moveTo(x, doc.y)
          .lineTo(x + w, doc.y)
          .lineWidth(0.6)
          .strokeColor(RULE)
          .stroke()
          .restore();
        doc.y += 1.2 * MM;
      }
      const y = doc.y;
      const h = hoehe(s) - (s.linieDavor ? 1.2 * MM : 0);
      font(s);
      doc.text(s.label, x, y, { width: labelW });
      doc.text(formatBetrag(s.cents), x + w - amountW, y, { width: amountW, align: 'right', lineBreak: false });
      doc.x = LEFT;
      doc.y = y + h;
    }
    doc.y += 3 * MM;
  }

  const texts = (m.schlusstexte ?? []).filter((t): t is string => !!t && t.trim() !== '');
  for (const t of texts) {
    doc.font(FONT).fontSize(9.5).fillColor('#000');
    // a text that fits on a page is not split; a longer one flows on over the pages
    const h = doc.heightOfString(t, { width: CONTENT_W });
    if (doc.y + h > BODY_BOTTOM && h <= BODY_BOTTOM - 24 * MM) newPage(false);
    flowText(doc, t, () => newPage(false));
    doc.y += 2.5 * MM;
  }

  if (m.unterschrift) {
    const boxW = 70 * MM;
    const boxH = 25 * MM;
    const need = boxH + 12 * MM;
    if (doc.y + need > BODY_BOTTOM) newPage(false);
    const y = doc.y + 2 * MM;
    doc.image(m.unterschrift.bild, LEFT, y, { fit: [boxW, boxH], valign: 'bottom' });
    const lineY = y + boxH + 1 * MM;
    doc
      .save()
      .moveTo(LEFT, lineY)
      .lineTo(LEFT + boxW, lineY)
      .lineWidth(0.6)
      .strokeColor('#000')
      .stroke()
      .restore();
    const caption = [
      m.unterschrift.beschriftung ?? 'Unterschrift',
      [m.unterschrift.unterzeichner, formatZeitpunkt(m.unterschrift.zeitpunkt)].filter(Boolean).join(', '),
    ]
      .filter(Boolean)
      .join(': ');
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(GREY)
      .text(caption, LEFT, lineY + 1.2 * MM, { width: boxW + 40 * MM });
    doc.fillColor('#000');
  }

  pageFrames(doc, m);
}

function firstPage(doc: PDFKit.PDFDocument, m: GeschaeftsdokumentModel, title: string) {
  const b = m.briefkopf;
  // letterhead
  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor('#000')
    .text(b.name, LEFT, 15 * MM, { width: 100 * MM });
  doc
    .font(FONT)
    .fontSize(8.5)
    .fillColor(GREY)
    .text(b.zeilen.filter(Boolean).join('\n'), 125 * MM, 15 * MM, { width: PAGE_W - 125 * MM - RIGHT, align: 'right' });
  // fold and hole marks (form B)
  doc.save().lineWidth(0.5).strokeColor(RULE);
  for (const y of [105, 210])
    doc
      .moveTo(4 * MM, y * MM)
      .lineTo(9 * MM, y * MM)
      .stroke();
  doc
    .moveTo(4 * MM, 148.5 * MM)
    .lineTo(11 * MM, 148.5 * MM)
    .stroke()
    .restore();
  // sender line and recipient (window: address field 45 mm from the top, 20 mm from the left; text indented 5 mm)
  doc
    .font(FONT)
    .fontSize(7)
    .fillColor(GREY)
    .text(b.absenderzeile, LEFT, 56 * MM, { width: 80 * MM, lineBreak: false, ellipsis: true });
  doc
    .save()
    .moveTo(LEFT, 59.5 * MM)
    .lineTo(LEFT + 80 * MM, 59.5 * MM)
    .lineWidth(0.4)
    .strokeColor(RULE)
    .stroke()
    .restore();
  doc.font(FONT).fontSize(10).fillColor('#000');
  let y = 62.7 * MM;
  for (const line of m.empfaenger.filter((l) => l && l.trim() !== '').slice(0, 6)) {
    doc.text(line, LEFT, y, { width: 80 * MM, lineBreak: false, ellipsis: true });
    y += 4.4 * MM;
  }
  // information block
  let iy = 50 * MM;
  const ix = 125 * MM;
  const iw = PAGE_W - ix - RIGHT;
  doc.fontSize(9);
  // a long value (the customer's order number, a project) wraps in its column; the next line starts below it
  const labelW = iw * 0.46;
  const wertW = iw - labelW - 1 * MM;
  for (const { label, wert } of m.kopfdaten) {
    doc.font(FONT).fillColor(GREY);
    const eineZeile = doc.heightOfString('X', { width: labelW });
    const hLabel = doc.heightOfString(label, { width: labelW });
    doc.text(label, ix, iy, { width: labelW });
    doc.font(BOLD).fillColor('#000');
    const hWert = doc.heightOfString(wert, { width: wertW });
    doc.text(wert, ix + iw - wertW, iy, { width: wertW, align: 'right' });
    iy += Math.max(hLabel, hWert) - eineZeile + 4.6 * MM;
  }
  // title and introduction
  doc
    .font(BOLD)
    .fontSize(14)
    .fillColor('#000')
    .text(title, LEFT, Math.max(100 * MM, iy + 4 * MM), { width: CONTENT_W });
  doc.y += 3 * MM;
  doc.x = LEFT;
}

/**
 * Flowing text over the content width from `doc.y`: paragraph by paragraph, and a paragraph that does not fit on the
 * page is split at a word where the page ends and goes on below the head of a new page (`newPage`) — measured with
 * heightOfString, so nothing runs into the foot or over other text.
 */
function flowText(doc: PDFKit.PDFDocument, text: string, newPage: () => void, font = FONT, size = 9.5) {
  const opts = { width: CONTENT_W };
  doc.font(font).fontSize(size).fillColor('#000');
  for (const absatz of text.replace(/\r\n?/g, '\n').split('\n')) {
    let rest = absatz;
    for (;;) {
      const h = doc.heightOfString(rest || ' ', opts);
      if (doc.y + h <= BODY_BOTTOM) {
        doc.text(rest || ' ', LEFT, doc.y, opts);
        break;
      }
      // the longest run of words that still fits on this page
      const woerter = rest.split(/(?<=\s)/);
      let lo = 0;
      let hi = woerter.length;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (doc.y + doc.heightOfString(woerter.slice(0, mid).join(''), opts) <= BODY_BOTTOM) lo = mid;
        else hi = mid - 1;
      }
      // at the top of a page even one word must go (a word wider than the page is broken by the line wrapper)
      if (lo === 0 && doc.y <= 30 * MM) lo = 1;
      if (lo > 0) doc.text(woerter.slice(0, lo).join('').trimEnd(), LEFT, doc.y, opts);
      rest = woerter.slice(lo).join('');
      newPage();
      doc.font(font).fontSize(size).fillColor('#000');
      if (!rest) break;
    }
  }
  doc.x = LEFT;
}

function followingPageHead(doc: PDFKit.PDFDocument, m: GeschaeftsdokumentModel, title: string) {
  doc
    .font(BOLD)
    .fontSize(9)
    .fillColor(GREY)
    .text(m.briefkopf.name, LEFT, 15 * MM, { width: CONTENT_W / 2, lineBreak: false });
  doc
    .font(FONT)
    .fontSize(9)
    .text(title, LEFT + CONTENT_W / 2, 15 * MM, { width: CONTENT_W / 2, align: 'right', lineBreak: false });
  doc
    .save()
    .moveTo(LEFT, 20 * MM)
    .lineTo(LEFT + CONTENT_W, 20 * MM)
    .lineWidth(0.4)
    .strokeColor(RULE)
    .stroke()
    .restore();
  doc.fillColor('#000');
  doc.x = LEFT;
  doc.y = 24 * MM;
}

function rowHeight(doc: PDFKit.PDFDocument, cols: Col[], textIndex: number, row: TabellenZeile): number {
  if (row.text) {
    const tc = cols[textIndex] as Col;
    const w = LEFT + CONTENT_W - tc.x - 2 * PAD;
    let h = 0;
    if (row.text.titel) h += doc.font(BOLD).fontSize(9).heightOfString(row.text.titel, { width: w });
    if (row.text.text) h += doc.font(FONT).fontSize(8.5).heightOfString(row.text.text, { width: w });
    return Math.max(h, 9) + 2 * PAD;
  }
  let h = 9;
  cols.forEach((c, i) => {
    const value = row.zellen?.[c.key];
    let ch = value
      ? doc
          .font(FONT)
          .fontSize(9)
          .heightOfString(value, { width: c.w - 2 * PAD })
      : 0;
    if (i === textIndex && row.detail)
      ch +=
        doc
          .font(FONT)
          .fontSize(8)
          .heightOfString(row.detail, { width: c.w - 2 * PAD }) +
        0.5 * MM;
    h = Math.max(h, ch);
  });
  return h + 2 * PAD;
}

function drawRow(doc: PDFKit.PDFDocument, cols: Col[], textIndex: number, row: TabellenZeile, index: number, height: number) {
  const top = doc.y;
  if (index > 0)
    doc
      .save()
      .moveTo(LEFT, top)
      .lineTo(LEFT + CONTENT_W, top)
      .lineWidth(0.3)
      .strokeColor('#dddddd')
      .stroke()
      .restore();
  const y = top + PAD;
  const clip = { height: height - 2 * PAD, ellipsis: true };
  if (row.text) {
    const tc = cols[textIndex] as Col;
    const w = LEFT + CONTENT_W - tc.x - 2 * PAD;
    const lead = row.zellen?.[cols[0]?.key ?? ''];
    if (lead && textIndex > 0)
      doc
        .font(FONT)
        .fontSize(9)
        .fillColor('#000')
        .text(lead, (cols[0] as Col).x + PAD, y, { width: (cols[0] as Col).w - 2 * PAD, lineBreak: false });
    let ty = y;
    if (row.text.titel) {
      doc
        .font(BOLD)
        .fontSize(9)
        .fillColor('#000')
        .text(row.text.titel, tc.x + PAD, ty, { width: w, ...clip });
      ty = doc.y;
    }
    if (row.text.text)
      doc
        .font(FONT)
        .fontSize(8.5)
        .fillColor('#000')
        .text(row.text.text, tc.x + PAD, ty, { width: w, height: top + height - PAD - ty, ellipsis: true });
  } else {
    cols.forEach((c, i) => {
      const value = row.zellen?.[c.key];
      if (value)
        doc
          .font(FONT)
          .fontSize(9)
          .fillColor('#000')
          .text(value, c.x + PAD, y, { width: c.w - 2 * PAD, align: c.align, ...clip });
      if (i === textIndex && row.detail) {
        const dy = value ? doc.y + 0.5 * MM : y;
        doc
          .font(FONT)
          .fontSize(8)
          .fillColor(GREY)
          .text(row.detail, c.x + PAD, dy, { width: c.w - 2 * PAD, height: Math.max(8, top + height - PAD - dy), ellipsis: true });
      }
    });
  }
  doc.fillColor('#000');
  doc.x = LEFT;
  doc.y = top + height;
}

/** Foot lines and "Seite x von y" on every page (drawn last, when the page count is known). */
function pageFrames(doc: PDFKit.PDFDocument, m: GeschaeftsdokumentModel) {
  const range = doc.bufferedPageRange();
  const total = range.count;
  const columns = m.briefkopf.fussspalten.filter((c) => c.some(Boolean)).slice(0, 4);
  for (let i = range.start; i < range.start + total; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(GREY)
      .text(`Seite ${i - range.start + 1} von ${total}`, LEFT, 265 * MM, { width: CONTENT_W, align: 'right', lineBreak: false });
    doc
      .save()
      .moveTo(LEFT, FOOT_TOP - 1.5 * MM)
      .lineTo(LEFT + CONTENT_W, FOOT_TOP - 1.5 * MM)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke()
      .restore();
    if (columns.length) {
      // four columns: the tax and bank columns (long IBAN) a little wider
      const weights = columns.length === 4 ? [0.22, 0.22, 0.28, 0.28] : columns.map(() => 1 / columns.length);
      let x = LEFT;
      columns.forEach((lines, c) => {
        const w = CONTENT_W * (weights[c] ?? 0);
        doc
          .font(FONT)
          .fontSize(6.8)
          .fillColor(GREY)
          .text(lines.filter(Boolean).join('\n'), x, FOOT_TOP, { width: w - 2 * MM, lineGap: 0.5 });
        x += w;
      });
    }
    if (m.stempel) {
      doc.save();
      doc.rotate(-35, { origin: [PAGE_W / 2, PAGE_H / 2] });
      doc
        .font(BOLD)
        .fontSize(72)
        .fillColor('#c92a2a')
        .fillOpacity(0.18)
        .text(m.stempel, 0, PAGE_H / 2 - 36, { width: PAGE_W, align: 'center', lineBreak: false });
      doc.restore();
    }
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('#000');
}
