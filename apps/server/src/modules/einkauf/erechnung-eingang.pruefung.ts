import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BG_ZUORDNUNG, BT_ZUORDNUNG, type ErvERechnungMeldung } from '@vario/contract';
import { ROOT } from '../../config';
import type { ERechnungDaten, Syntax } from '../erechnung/erechnung.xml';
import { skaliert } from './erechnung-eingang.lesen';

/**
 * Validation of an incoming e-invoice (issue 25 item 4), three layers:
 * - the schema: UN/CEFACT CII D16B by `xmllint` (UBL: no XSD is vendored, the rules below check its structure);
 * - the official Schematron (CEN EN 16931, and KoSIT XRechnung when BT-24 names it) compiled to XSLT, run by Saxon-HE
 *   on Java — off the request's thread in a child process, one at a time, killed after its time limit; where Java or
 *   Saxon is missing (or `ERECHNUNG_SCHEMATRON=aus`) the answer says so;
 * - the project's own business rules, always: the mandatory terms of the mapping table, each amount a number, the
 *   sums of EN 16931 (BR-CO-10…16) and the VAT breakdown = Σ lines ∓ allowances/charges per category and rate.
 * Findings carry the rule id, the business term where known and the text; fatal ones refuse the intake.
 */

const WERKZEUGE = join(ROOT, 'tools/einvoice-validation');
const XSD = join(WERKZEUGE, 'cii-xsd/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd');
const REGELN = {
  cii: join(WERKZEUGE, 'cen/EN16931-CII-validation.xslt'),
  ubl: join(WERKZEUGE, 'cen/EN16931-UBL-validation.xslt'),
  'xr-cii': join(WERKZEUGE, 'kosit/XRechnung-CII-validation.xsl'),
  'xr-ubl': join(WERKZEUGE, 'kosit/XRechnung-UBL-validation.xsl'),
} as const;
const saxonJar = () => process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';
const SCHEMA_MS = 15_000;
const SCHEMATRON_MS = 90_000;

interface Lauf {
  code: number | null;
  stdout: string;
  stderr: string;
  fehlt: boolean;
  zeitUeberschritten: boolean;
}

/** One child process with input, a time limit (then SIGKILL) and a cap on what it may print. */
function starte(befehl: string, args: string[], input: string | null, ms: number): Promise<Lauf> {
  return new Promise((resolve) => {
    const p = spawn(befehl, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let zeitUeberschritten = false;
    const MAX = 4 * 1024 * 1024;
    const uhr = setTimeout(() => {
      zeitUeberschritten = true;
      p.kill('SIGKILL');
    }, ms);
    p.stdout.on('data', (d: Buffer) => {
      if (stdout.length < MAX) stdout += d.toString('utf8');
    });
    p.stderr.on('data', (d: Buffer) => {
      if (stderr.length < MAX) stderr += d.toString('utf8');
    });
    p.stdin.on('error', () => {});
    p.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(uhr);
      resolve({ code: null, stdout, stderr: e.message, fehlt: e.code === 'ENOENT', zeitUeberschritten });
    });
    p.on('close', (code) => {
      clearTimeout(uhr);
      resolve({ code, stdout, stderr, fehlt: false, zeitUeberschritten });
    });
    p.stdin.end(input ?? '');
  });
}

/** Java runs are heavy (a JVM each): one at a time; the others wait their turn. */
let javaKette: Promise<unknown> = Promise.resolve();
function nacheinander<T>(f: () => Promise<T>): Promise<T> {
  const r = javaKette.then(f, f);
  javaKette = r.catch(() => undefined);
  return r;
}

export type Schicht = 'ok' | 'fehler' | 'nicht-verfuegbar';

/** The CII schema (xmllint). UBL: not available (no UBL XSD vendored). */
export async function pruefeSchema(xml: string, syntax: Syntax): Promise<{ stand: Schicht; meldungen: ErvERechnungMeldung[]; hinweis?: string }> {
  if (syntax === 'ubl') return { stand: 'nicht-verfuegbar', meldungen: [], hinweis: 'Für UBL ist kein XML-Schema hinterlegt; die Regeln prüfen den Aufbau.' };
  const r = await starte('xmllint', ['--noout', '--nonet', '--schema', XSD, '-'], xml, SCHEMA_MS);
  if (r.fehlt) return { stand: 'nicht-verfuegbar', meldungen: [], hinweis: 'xmllint ist nicht installiert: das CII-Schema wurde nicht geprüft.' };
  if (r.zeitUeberschritten) return { stand: 'nicht-verfuegbar', meldungen: [], hinweis: 'Die Schemaprüfung hat das Zeitlimit überschritten.' };
  if (r.code === 0) return { stand: 'ok', meldungen: [] };
  const meldungen = r.stderr
    .split('\n')
    .filter((l) => l.trim() && !/validates$|fails to validate$/.test(l))
    .slice(0, 50)
    .map((l) => ({ regel: 'Schema', bt: null, text: l.replace(/^-:/, 'Zeile ').trim(), schwere: 'fatal' as const }));
  return { stand: 'fehler', meldungen };
}

/** Whether the official Schematron can run here (Java and Saxon-HE present, not switched off). */
export function schematronVerfuegbar(): { ja: boolean; grund?: string } {
  if (process.env.ERECHNUNG_SCHEMATRON === 'aus') return { ja: false, grund: 'Die Schematron-Prüfung ist abgeschaltet (ERECHNUNG_SCHEMATRON=aus).' };
  if (!existsSync(saxonJar())) return { ja: false, grund: 'Java/Saxon-HE ist nicht installiert: die offiziellen Schematron-Regeln wurden nicht geprüft.' };
  return { ja: true };
}

const attr = (s: string, n: string) => new RegExp(`\\b${n}="([^"]*)"`).exec(s)?.[1];
const entschluessele = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The official EN 16931 (and XRechnung) rules by Saxon; each failed assertion with its id, BT and text. */
export async function pruefeSchematron(
  xml: string,
  syntax: Syntax,
  xrechnung: boolean,
): Promise<{ stand: Schicht; meldungen: ErvERechnungMeldung[]; hinweis?: string }> {
  const v = schematronVerfuegbar();
  if (!v.ja) return { stand: 'nicht-verfuegbar', meldungen: [], hinweis: v.grund };
  const datei = join(tmpdir(), `erechnung-${randomBytes(8).toString('hex')}.xml`);
  writeFileSync(datei, xml);
  try {
    const saetze = xrechnung ? [REGELN[syntax], REGELN[`xr-${syntax}`]] : [REGELN[syntax]];
    const meldungen: ErvERechnungMeldung[] = [];
    for (const xsl of saetze) {
      const r = await nacheinander(() => starte('java', ['-cp', saxonJar(), 'net.sf.saxon.Transform', `-s:${datei}`, `-xsl:${xsl}`], null, SCHEMATRON_MS));
      if (r.fehlt)
        return { stand: 'nicht-verfuegbar', meldungen: [], hinweis: 'Java ist nicht installiert: die offiziellen Schematron-Regeln wurden nicht geprüft.' };
      if (r.zeitUeberschritten || r.code !== 0 || !r.stdout.includes('schematron-output'))
        return {
          stand: 'nicht-verfuegbar',
          meldungen: [],
          hinweis: r.zeitUeberschritten ? 'Die Schematron-Prüfung hat das Zeitlimit überschritten.' : 'Die Schematron-Prüfung ist gescheitert.',
        };
      for (const m of r.stdout.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
        const flag = attr(m[1] ?? '', 'flag') ?? attr(m[1] ?? '', 'role') ?? 'fatal';
        const text = entschluessele(/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2] ?? '')?.[1] ?? '')
          .replace(/\s+/g, ' ')
          .trim();
        meldungen.push({
          regel: attr(m[1] ?? '', 'id') ?? 'Schematron',
          bt: /\b(BT-\d+|BG-\d+)\b/.exec(text)?.[1] ?? null,
          text: text.slice(0, 400),
          schwere: /warn|info/i.test(flag) ? 'warnung' : 'fatal',
        });
      }
    }
    return { stand: meldungen.some((m) => m.schwere === 'fatal') ? 'fehler' : 'ok', meldungen };
  } finally {
    rmSync(datei, { force: true });
  }
}

// ——— the project's own business rules ———

type Gruppe = ERechnungDaten[];
const items = (d: ERechnungDaten, bg: string): Gruppe => (Array.isArray(d[bg]) ? (d[bg] as Gruppe) : []);
const text = (d: ERechnungDaten, bt: string) => (typeof d[bt] === 'string' ? (d[bt] as string) : undefined);
const PFLICHT = new Set(['1..1', '1..n']);
const name = (bt: string) => BT_ZUORDNUNG.find((e) => e.bt === bt)?.name ?? bt;
const euro = (c: number) => (c / 100).toFixed(2);
/** EN 16931 rule prefix per VAT category (BR-S-08 …). */
const KATEGORIE_REGEL: Record<string, string> = { S: 'S', Z: 'Z', E: 'E', AE: 'AE', K: 'IC', G: 'G', O: 'O', L: 'IG', M: 'IP' };

/**
 * The project's checks of the read invoice: every mandatory term and group of the mapping table (per group item),
 * every amount a decimal number, and the sums. Fatal findings refuse the intake; a VAT amount off by one cent and a
 * line total that is not quantity × price ∓ its allowances/charges are warnings.
 */
export function pruefeGeschaeftsregeln(daten: ERechnungDaten): ErvERechnungMeldung[] {
  const m: ErvERechnungMeldung[] = [];
  const fatal = (regel: string, bt: string | null, t: string) => m.push({ regel, bt, text: t, schwere: 'fatal' });
  const warnung = (regel: string, bt: string | null, t: string) => m.push({ regel, bt, text: t, schwere: 'warnung' });

  const pflicht = (d: ERechnungDaten, gruppe: string | null, wo: string) => {
    for (const e of BT_ZUORDNUNG.filter((x) => x.gruppe === gruppe)) {
      const w = text(d, e.bt);
      if (PFLICHT.has(e.kardinalitaet) && !w) fatal(e.bt, e.bt, `${e.name} fehlt${wo}`);
      if (w && e.typ === 'betrag' && skaliert(w, 2) === null) fatal(e.bt, e.bt, `${e.name}${wo}: „${w}“ ist kein Betrag`);
      if (w && (e.typ === 'menge' || e.typ === 'preis' || e.typ === 'prozent') && skaliert(w, 4) === null)
        fatal(e.bt, e.bt, `${e.name}${wo}: „${w}“ ist keine Zahl`);
      if (w && e.typ === 'datum' && !/^\d{4}-\d{2}-\d{2}$/.test(w)) fatal(e.bt, e.bt, `${e.name}${wo}: „${w}“ ist kein Datum`);
    }
    for (const g of BG_ZUORDNUNG.filter((x) => x.eltern === gruppe)) {
      const liste = items(d, g.bg);
      if (PFLICHT.has(g.kardinalitaet) && !liste.length) fatal(g.bg, g.bg, `${g.name} fehlt${wo}`);
      for (const [i, item] of liste.entries()) pflicht(item, g.bg, ` (${g.name} ${i + 1})`);
    }
  };
  pflicht(daten, null, '');
  if (m.length) return m;

  const c = (d: ERechnungDaten, bt: string) => skaliert(text(d, bt) ?? '0', 2) ?? 0;
  const summe = (g: Gruppe, bt: string) => g.reduce((s, x) => s + c(x, bt), 0);
  const zeilen = items(daten, 'BG-25');
  const abschlaege = items(daten, 'BG-20');
  const zuschlaege = items(daten, 'BG-21');
  const gleich = (regel: string, bt: string, ist: number, soll: number, wie: string) => {
    if (ist !== soll) fatal(regel, bt, `${name(bt)} ${euro(ist)} ≠ ${wie} ${euro(soll)}`);
  };
  gleich('BR-CO-10', 'BT-106', c(daten, 'BT-106'), summe(zeilen, 'BT-131'), 'Summe der Positionen');
  if (text(daten, 'BT-107') || abschlaege.length) gleich('BR-CO-11', 'BT-107', c(daten, 'BT-107'), summe(abschlaege, 'BT-92'), 'Summe der Abschläge');
  if (text(daten, 'BT-108') || zuschlaege.length) gleich('BR-CO-12', 'BT-108', c(daten, 'BT-108'), summe(zuschlaege, 'BT-99'), 'Summe der Zuschläge');
  gleich('BR-CO-13', 'BT-109', c(daten, 'BT-109'), c(daten, 'BT-106') - c(daten, 'BT-107') + c(daten, 'BT-108'), 'Positionen − Abschläge + Zuschläge');
  const steuern = items(daten, 'BG-23');
  gleich('BR-CO-14', 'BT-110', c(daten, 'BT-110'), summe(steuern, 'BT-117'), 'Summe der Umsatzsteueraufschlüsselung');
  gleich('BR-CO-15', 'BT-112', c(daten, 'BT-112'), c(daten, 'BT-109') + c(daten, 'BT-110'), 'Netto + Umsatzsteuer');
  if (c(daten, 'BT-115') !== c(daten, 'BT-112'))
    warnung(
      'BR-CO-16',
      'BT-115',
      `Fälliger Betrag ${euro(c(daten, 'BT-115'))} weicht vom Gesamtbetrag ${euro(c(daten, 'BT-112'))} ab (Vorauszahlung oder Rundung)`,
    );

  // the VAT breakdown per category and rate = its lines − its allowances + its charges
  const schluessel = (kat: string | undefined, satz: string | undefined) => `${kat ?? ''}|${skaliert(satz ?? '0', 2) ?? 0}`;
  const basis = new Map<string, number>();
  const addiere = (k: string, v: number) => basis.set(k, (basis.get(k) ?? 0) + v);
  for (const z of zeilen) addiere(schluessel(text(z, 'BT-151'), text(z, 'BT-152')), c(z, 'BT-131'));
  for (const a of abschlaege) addiere(schluessel(text(a, 'BT-95'), text(a, 'BT-96')), -c(a, 'BT-92'));
  for (const a of zuschlaege) addiere(schluessel(text(a, 'BT-102'), text(a, 'BT-103')), c(a, 'BT-99'));
  const gesehen = new Set<string>();
  for (const s of steuern) {
    const kat = text(s, 'BT-118') ?? '';
    const k = schluessel(kat, text(s, 'BT-119'));
    gesehen.add(k);
    const regel = `BR-${KATEGORIE_REGEL[kat] ?? kat}-08`;
    const soll = basis.get(k) ?? 0;
    const satzText = `${kat} ${text(s, 'BT-119') ?? '0'} %`;
    if (c(s, 'BT-116') !== soll)
      fatal(regel, 'BT-116', `Steuerbasisbetrag ${satzText}: ${euro(c(s, 'BT-116'))} ≠ Summe der Positionen ∓ Ab-/Zuschläge ${euro(soll)}`);
    const satz = skaliert(text(s, 'BT-119') ?? '0', 2) ?? 0;
    const steuer = Math.sign(c(s, 'BT-116')) * Math.round((Math.abs(c(s, 'BT-116')) * satz) / 10_000);
    const abw = Math.abs(c(s, 'BT-117') - steuer);
    if (abw > 1) fatal('BR-CO-17', 'BT-117', `Umsatzsteuerbetrag ${satzText}: ${euro(c(s, 'BT-117'))} ≠ Basis × Satz ${euro(steuer)}`);
    else if (abw === 1)
      warnung('BR-CO-17', 'BT-117', `Umsatzsteuerbetrag ${satzText}: ${euro(c(s, 'BT-117'))} weicht um 0.01 von Basis × Satz ${euro(steuer)} ab`);
  }
  for (const [k, v] of basis)
    if (!gesehen.has(k) && v !== 0)
      fatal('BR-CO-18', 'BG-23', `Keine Umsatzsteueraufschlüsselung für Kategorie/Satz ${k.replace('|', ' ')} (Betrag ${euro(v)})`);

  // a line: quantity × net price − its allowances + its charges (a warning: the price base quantity is not read)
  zeilen.forEach((z, i) => {
    const menge = skaliert(text(z, 'BT-129') ?? '0', 3) ?? 0;
    const preis = skaliert(text(z, 'BT-146') ?? '0', 4) ?? 0;
    const roh = Math.sign(menge * preis) * Math.round(Math.abs(menge * preis) / 100_000);
    const soll = roh - summe(items(z, 'BG-27'), 'BT-136') + summe(items(z, 'BG-28'), 'BT-141');
    if (soll !== c(z, 'BT-131'))
      warnung('BR-LINE', 'BT-131', `Position ${text(z, 'BT-126') ?? i + 1}: Nettobetrag ${euro(c(z, 'BT-131'))} ≠ Menge × Preis ∓ Ab-/Zuschläge ${euro(soll)}`);
  });
  return m;
}
