import { randomBytes } from 'node:crypto';
import {
  belegartVon,
  istERechnungsBelegart,
  MAIL_BELEGARTEN,
  MAIL_PLATZHALTER,
  MAIL_SICHERHEIT,
  MAIL_VORLAGE_MAHNUNG,
  type MailAusgang,
  type MailEntwurf,
  type MailSenden,
  type MailVorlage,
  type SmtpEinstellungen,
} from '@vario/contract';
import { z } from 'zod';
import type { Db } from '../../db/index';
import { decryptSecret, encryptSecret, SecretKeyError } from '../../db/secrets';
import { logChange } from '../../lib/change-log';
import { nowIso } from '../../lib/clock';
import { badRequest, notFound, unprocessable } from '../../lib/errors';
import { formatBetrag, formatDatum } from '../../lib/format-de';
import type { Actor } from '../../lib/locks';
import { typName } from '../belege/belege.core';
import { addHistory } from '../belege/belege.history';
import { type Anhang, sha256Of } from './mail.anhaenge';

/**
 * Documents sent by e-mail (issue 24 items 8 and 9).
 *
 * - SMTP settings are system parameters `MAIL.SMTP_*` and `MAIL.ABSENDER`, changed only by an administrator; the
 *   password is never answered.
 * - Templates (`mailVorlagen`) per kind with placeholders {belegnummer}, {kundenname}, {betrag} … (`MAIL_PLATZHALTER`);
 *   saving one with an unknown placeholder is a field error.
 * - A send (`mailEinreihen`) checks every address (field errors on `an`/`cc`), needs a configured server (422), takes
 *   the attachments rendered before its transaction and writes, in the caller's transaction, the outbox row, the
 *   attachments' bytes and the source's history row (a document's history row E; a dunning letter's change-log entry)
 *   naming recipients, attachments and their SHA-256. The sender (mail.sender.ts) delivers it later.
 */

export const SMTP = {
  host: 'MAIL.SMTP_HOST',
  port: 'MAIL.SMTP_PORT',
  sicherheit: 'MAIL.SMTP_SICHERHEIT',
  benutzer: 'MAIL.SMTP_BENUTZER',
  passwort: 'MAIL.SMTP_PASSWORT',
  absender: 'MAIL.ABSENDER',
  wiederholungMs: 'MAIL.WIEDERHOLUNG_MS',
} as const;

export type MailQuelle = 'beleg' | 'mahnschreiben' | 'servicebericht';

async function parameter(db: Db, names: readonly string[]): Promise<Map<string, string | null>> {
  const rows = await db
    .selectFrom('systemParameter')
    .select(['name', 'wert'])
    .where('name', 'in', [...names])
    .execute();
  return new Map(rows.map((r) => [r.name, r.wert]));
}

async function setParameter(trx: Db, name: string, wert: string | null) {
  await trx
    .insertInto('systemParameter')
    .values({ name, wert })
    .onConflict((oc) => oc.column('name').doUpdateSet({ wert }))
    .execute();
}

/** The stored password decrypted, or why it cannot be (another key than the one it was written with, damaged). */
function passwortLesen(gespeichert: string | null | undefined): { passwort: string | null; passwortFehler: string | null } {
  if (!gespeichert) return { passwort: null, passwortFehler: null };
  try {
    return { passwort: decryptSecret(gespeichert), passwortFehler: null };
  } catch (e) {
    if (!(e instanceof SecretKeyError)) throw e;
    return {
      passwort: null,
      passwortFehler: `Das gespeicherte SMTP-Passwort lässt sich mit dem Schlüssel dieses Servers nicht entschlüsseln: ${e.message}. Ein Administrator gibt es unter Einstellungen → E-Mail neu ein.`,
    };
  }
}

/** The SMTP settings with the password (for the sender only); `passwortFehler` when the stored one cannot be decrypted. */
export async function smtpKonfiguration(db: Db) {
  const p = await parameter(db, Object.values(SMTP));
  const sicherheit = p.get(SMTP.sicherheit) ?? 'starttls';
  return {
    host: p.get(SMTP.host) ?? null,
    port: Number(p.get(SMTP.port) ?? 587),
    sicherheit: ((MAIL_SICHERHEIT as readonly string[]).includes(sicherheit) ? sicherheit : 'starttls') as SmtpEinstellungen['sicherheit'],
    benutzer: p.get(SMTP.benutzer) ?? null,
    ...passwortLesen(p.get(SMTP.passwort)),
    absender: p.get(SMTP.absender) ?? null,
    wiederholungMs: Math.max(10, Number(p.get(SMTP.wiederholungMs) ?? 60000) || 60000),
  };
}

export async function smtpLesen(db: Db): Promise<SmtpEinstellungen> {
  const k = await smtpKonfiguration(db);
  return {
    host: k.host,
    port: k.port,
    sicherheit: k.sicherheit,
    benutzer: k.benutzer,
    passwortGesetzt: !!k.passwort || !!k.passwortFehler,
    absender: k.absender,
  };
}

export async function smtpSchreiben(
  trx: Db,
  actor: Actor,
  data: { host: string; port: number; sicherheit: string; benutzer?: string | null; passwort?: string | null; absender: string },
  bemerkung?: string,
): Promise<SmtpEinstellungen> {
  await setParameter(trx, SMTP.host, data.host);
  await setParameter(trx, SMTP.port, String(data.port));
  await setParameter(trx, SMTP.sicherheit, data.sicherheit);
  await setParameter(trx, SMTP.benutzer, data.benutzer?.trim() || null);
  // encrypted at rest (db/secrets.ts); the key is never in the database
  if (data.passwort !== undefined) await setParameter(trx, SMTP.passwort, data.passwort ? encryptSecret(data.passwort) : null);
  await setParameter(trx, SMTP.absender, data.absender);
  await logChange(trx, {
    tabelle: 'SYS',
    datensatzId: 0,
    aktion: 'AENDERN',
    benutzerId: actor.id,
    bemerkung: bemerkung ?? 'SMTP-Einstellungen geändert',
    felder: ['MAIL.SMTP', ...(data.passwort !== undefined ? ['MAIL.SMTP_PASSWORT'] : [])],
  });
  return smtpLesen(trx);
}

export async function vorlagenLesen(db: Db): Promise<MailVorlage[]> {
  return db.selectFrom('mailVorlagen').selectAll().orderBy('art').execute();
}

const PLATZHALTER = /\{([^{}]*)\}/g;
function unbekanntePlatzhalter(text: string): string[] {
  return [...text.matchAll(PLATZHALTER)].map((m) => m[1] as string).filter((n) => !(MAIL_PLATZHALTER as readonly string[]).includes(n));
}

export async function vorlageSchreiben(trx: Db, actor: Actor, art: string, data: { betreff: string; text: string }, bemerkung?: string): Promise<MailVorlage> {
  const fehler: Record<string, string[]> = {};
  for (const feld of ['betreff', 'text'] as const) {
    const u = unbekanntePlatzhalter(data[feld]);
    if (u.length)
      fehler[feld] = [`Unbekannter Platzhalter: ${u.map((n) => `{${n}}`).join(', ')}; erlaubt: ${MAIL_PLATZHALTER.map((n) => `{${n}}`).join(', ')}`];
  }
  if (Object.keys(fehler).length) throw badRequest('Die Vorlage enthält unbekannte Platzhalter', fehler);
  if (/[\r\n]/.test(data.betreff)) throw badRequest('Der Betreff ist einzeilig', { betreff: ['Der Betreff darf keinen Zeilenumbruch enthalten'] });
  const res = await trx
    .updateTable('mailVorlagen')
    .set({ betreff: data.betreff, text: data.text, geaendertAm: nowIso() })
    .where('art', '=', art)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw notFound('Vorlage');
  await logChange(trx, {
    tabelle: 'SYS',
    datensatzId: 0,
    aktion: 'AENDERN',
    benutzerId: actor.id,
    bemerkung: bemerkung ?? `E-Mail-Vorlage ${art} geändert`,
    felder: [`mailVorlage.${art}`],
  });
  return trx.selectFrom('mailVorlagen').selectAll().where('art', '=', art).executeTakeFirstOrThrow();
}

/** Fills a template's placeholders; a field without a value gives an empty text. */
export const fuelle = (vorlage: string, werte: Partial<Record<(typeof MAIL_PLATZHALTER)[number], string>>) =>
  vorlage.replace(PLATZHALTER, (ganz, name: string) =>
    (MAIL_PLATZHALTER as readonly string[]).includes(name) ? (werte[name as keyof typeof werte] ?? '') : ganz,
  );

const emailSchema = z.email();
/** Checks every address: field errors name each invalid one (`an`, `cc`). */
export function pruefeAdressen(data: Pick<MailSenden, 'an' | 'cc'>): { an: string[]; cc: string[] } {
  const fehler: Record<string, string[]> = {};
  const sauber = (feld: 'an' | 'cc', liste: string[]) => {
    const out: string[] = [];
    for (const roh of liste) {
      const a = roh.trim();
      if (emailSchema.safeParse(a).success) out.push(a);
      else fehler[feld] = [...(fehler[feld] ?? []), `Keine gültige E-Mail-Adresse: ${a || '(leer)'}`];
    }
    return out;
  };
  const an = sauber('an', data.an);
  const cc = sauber('cc', data.cc ?? []);
  if (Object.keys(fehler).length) throw badRequest('Ungültige E-Mail-Adresse', fehler);
  return { an, cc };
}

async function firma(db: Db) {
  return (await db.selectFrom('systemInfo').select('lizenzName').where('id', '=', 1).executeTakeFirst())?.lizenzName ?? '';
}

async function vorlage(db: Db, art: string) {
  const v = await db.selectFrom('mailVorlagen').select(['betreff', 'text']).where('art', '=', art).executeTakeFirst();
  if (!v) throw unprocessable(`Für diese Belegart gibt es keine E-Mail-Vorlage`);
  return v;
}

async function eingerichtet(db: Db) {
  const k = await smtpKonfiguration(db);
  return !!k.host && !!k.absender;
}

/** What every draft starts from: the template of its kind, the company name, whether a server is set up. */
export async function mailEntwurfBasis(db: Db, art: string) {
  const [v, f, ok] = await Promise.all([vorlage(db, art), firma(db), eingerichtet(db)]);
  return { vorlage: v, firma: f, eingerichtet: ok };
}

/** The document's recipient: the invoice address for types printed to it, else the address; its e-mail, or none. */
async function belegEmpfaenger(db: Db, b: { adresseId: number; rechnungsadresseId: number | null; ansprechpartnerId: number | null; belegart: string }) {
  const d = belegartVon(b.belegart);
  const adresseId = d?.pdf.empfaenger === 'rechnungsadresse' && b.rechnungsadresseId ? b.rechnungsadresseId : b.adresseId;
  const a = await db.selectFrom('adressen').select(['email', 'erechnungEmail', 'erechnungFormat']).where('id', '=', adresseId).executeTakeFirst();
  // an invoice or credit note to a customer who receives e-invoices goes to the e-invoice address where there is one
  if (istERechnungsBelegart(b.belegart) && a?.erechnungEmail && a.erechnungFormat !== 'keine') return [a.erechnungEmail];
  if (a?.email) return [a.email];
  if (b.ansprechpartnerId) {
    const p = await db.selectFrom('ansprechpartner').select('email').where('id', '=', b.ansprechpartnerId).executeTakeFirst();
    if (p?.email) return [p.email];
  }
  return [];
}

/** A sales document that can be mailed (404 unknown, 422 for a type that is not). */
export async function mailBeleg(db: Db, id: number) {
  const b = await db.selectFrom('belege').selectAll().where('id', '=', id).executeTakeFirst();
  if (!b) throw notFound('Beleg');
  if (!(MAIL_BELEGARTEN as readonly string[]).includes(b.belegart))
    throw unprocessable(`${typName(b.belegart)} ${b.belegnummer}: diese Belegart wird nicht per E-Mail versendet`);
  return b;
}

export async function belegEntwurf(db: Db, id: number, anhaenge: { name: string }[]): Promise<MailEntwurf> {
  const b = await mailBeleg(db, id);
  const [v, an, op, f, ok] = await Promise.all([
    vorlage(db, b.belegart),
    belegEmpfaenger(db, b),
    db.selectFrom('offenePosten').select('nettoFaellig').where('belegId', '=', b.id).executeTakeFirst(),
    firma(db),
    eingerichtet(db),
  ]);
  const d = belegartVon(b.belegart);
  const werte = {
    belegnummer: b.belegnummer,
    belegart: typName(b.belegart),
    belegdatum: formatDatum(b.belegdatum),
    kundenname: b.adresseName ?? '',
    betrag: formatBetrag(Number(b.betragBrutto), b.waehrung),
    faellig: op ? formatDatum(op.nettoFaellig) : '',
    titel: d?.pdf.titel ?? '',
    firma: f,
  };
  return { an, cc: [], betreff: fuelle(v.betreff, werte), text: fuelle(v.text, werte), anhaenge, eingerichtet: ok };
}

export async function mahnschreibenEntwurf(db: Db, id: number, titel: string, anhaenge: { name: string }[]): Promise<MailEntwurf> {
  const m = await db.selectFrom('mahnschreiben').selectAll().where('id', '=', id).executeTakeFirst();
  if (!m) throw notFound('Mahnschreiben');
  const [v, a, f, ok] = await Promise.all([
    vorlage(db, MAIL_VORLAGE_MAHNUNG),
    db.selectFrom('adressen').select(['email', 'name1']).where('id', '=', m.adresseId).executeTakeFirstOrThrow(),
    firma(db),
    eingerichtet(db),
  ]);
  const werte = {
    belegnummer: String(m.id),
    belegart: titel,
    belegdatum: formatDatum(m.datum),
    kundenname: a.name1,
    betrag: formatBetrag(Number(m.betrag)),
    titel,
    firma: f,
  };
  return { an: a.email ? [a.email] : [], cc: [], betreff: fuelle(v.betreff, werte), text: fuelle(v.text, werte), anhaenge, eingerichtet: ok };
}

/** Refuses a send while no SMTP server and sender are set up, or the stored password cannot be decrypted (422). */
export async function pruefeEingerichtet(db: Db) {
  const k = await smtpKonfiguration(db);
  if (!k.host || !k.absender) throw unprocessable('Es ist kein SMTP-Server eingerichtet; ein Administrator trägt ihn unter Einstellungen → E-Mail ein');
  if (k.passwortFehler) throw unprocessable(k.passwortFehler);
}

/**
 * Queues a mail in the caller's transaction: the outbox row, its attachments' bytes, and the source's history — a
 * document's history row E, any other source a change-log entry — naming recipients, attachments and SHA-256.
 */
export async function mailEinreihen(
  trx: Db,
  actor: Actor,
  quelle: { art: MailQuelle; id: number; belegId: number | null; protokoll?: { tabelle: string; datensatzId: number } },
  adressen: { an: string[]; cc: string[] },
  data: Pick<MailSenden, 'betreff' | 'text'>,
  anhaenge: Anhang[],
): Promise<{ id: number; zustand: 'wartend' }> {
  await pruefeEingerichtet(trx);
  const k = await smtpKonfiguration(trx);
  if (!k.host || !k.absender) throw unprocessable('Es ist kein SMTP-Server eingerichtet; ein Administrator trägt ihn unter Einstellungen → E-Mail ein');
  if (/[\r\n]/.test(data.betreff)) throw badRequest('Der Betreff ist einzeilig', { betreff: ['Der Betreff darf keinen Zeilenumbruch enthalten'] });
  const jetzt = nowIso();
  const meta = anhaenge.map((a) => ({ name: a.name, sha256: sha256Of(a.daten), groesse: a.daten.length }));
  const row = await trx
    .insertInto('mailAusgang')
    .values({
      quelle: quelle.art,
      quelleId: quelle.id,
      belegId: quelle.belegId,
      an: JSON.stringify(adressen.an),
      cc: JSON.stringify(adressen.cc),
      absender: k.absender,
      betreff: data.betreff,
      text: data.text,
      anhaenge: JSON.stringify(meta),
      zustand: 'wartend',
      versuche: 0,
      naechsterVersuch: jetzt,
      gesperrtBis: null,
      letzteAntwort: null,
      messageId: `<${randomBytes(12).toString('hex')}@${k.absender.split('@')[1] ?? 'vario.local'}>`,
      benutzerId: actor.id,
      angelegtAm: jetzt,
      gesendetAm: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, a] of anhaenge.entries()) {
    await trx
      .insertInto('mailAnhaenge')
      .values({ mailId: row.id, reihenfolge: i, name: a.name, mimeType: a.mimeType, sha256: meta[i]?.sha256 ?? '', daten: a.daten })
      .execute();
  }
  const text = [
    `E-Mail eingereiht (Nr. ${row.id}) an ${adressen.an.join(', ')}`,
    adressen.cc.length ? `Kopie an ${adressen.cc.join(', ')}` : null,
    `Betreff „${data.betreff}“`,
    meta.length ? `Anhang: ${meta.map((m) => `${m.name} (SHA-256 ${m.sha256})`).join(', ')}` : null,
  ]
    .filter(Boolean)
    .join('; ');
  if (quelle.belegId !== null) await addHistory(trx, quelle.belegId, 'E', text, actor);
  else if (quelle.protokoll)
    await logChange(trx, { ...quelle.protokoll, aktion: 'AENDERN', benutzerId: actor.id, bemerkung: text.slice(0, 2000), felder: [`mail.${row.id}`] });
  return { id: row.id, zustand: 'wartend' };
}

/** The mails of a source, newest first. */
export async function mailsVon(db: Db, quelle: MailQuelle, id: number): Promise<MailAusgang[]> {
  const rows = await db
    .selectFrom('mailAusgang')
    .leftJoin('benutzer', 'benutzer.id', 'mailAusgang.benutzerId')
    .select([
      'mailAusgang.id',
      'mailAusgang.quelle',
      'mailAusgang.quelleId',
      'mailAusgang.an',
      'mailAusgang.cc',
      'mailAusgang.betreff',
      'mailAusgang.anhaenge',
      'mailAusgang.zustand',
      'mailAusgang.versuche',
      'mailAusgang.naechsterVersuch',
      'mailAusgang.letzteAntwort',
      'benutzer.name as benutzer',
      'mailAusgang.angelegtAm',
      'mailAusgang.gesendetAm',
    ])
    .where('mailAusgang.quelle', '=', quelle)
    .where('mailAusgang.quelleId', '=', id)
    .orderBy('mailAusgang.id', 'desc')
    .execute();
  return rows.map((r) => ({
    ...r,
    quelle: r.quelle as MailQuelle,
    an: JSON.parse(r.an) as string[],
    cc: JSON.parse(r.cc) as string[],
    anhaenge: JSON.parse(r.anhaenge),
    zustand: r.zustand as MailAusgang['zustand'],
    naechsterVersuch: r.zustand === 'wartend' ? r.naechsterVersuch : null,
    versuche: Number(r.versuche),
    benutzer: r.benutzer ?? null,
  }));
}
