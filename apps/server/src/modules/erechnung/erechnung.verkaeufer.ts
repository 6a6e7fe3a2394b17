import { ERECHNUNG_PRUEFUNG_PARAMETER, type VerkaeuferDaten, type verkaeuferWrite } from '@vario/contract';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { logChange } from '../../lib/change-log';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/locks';
import { fehlendeVerkaeuferDaten, verkaeufer } from './erechnung.modell';
import { pruefmodus } from './erechnung.service';

/**
 * The seller data (issue 24 item 2): the letterhead columns of the system info (migration 0009) and the e-invoice
 * ones of migration 0036 — one place for the printed letterhead and the e-invoice's seller (BG-4, BG-6, BT-84/86),
 * with the pre-booking check's switch ERECHNUNG.PRUEFUNG. `fehlend` names what an XRechnung would miss now.
 */

const SPALTEN = [
  'lizenzName',
  'strasse',
  'plz',
  'ort',
  'lkz',
  'telefon',
  'email',
  'internet',
  'ustId',
  'steuernummer',
  'bank',
  'iban',
  'bic',
  'geschaeftsfuehrer',
  'registergericht',
  'kontaktName',
  'kontaktTelefon',
  'kontaktEmail',
] as const;

export async function leseVerkaeufer(trx: Db, parameterWert: string | null): Promise<VerkaeuferDaten> {
  const v = await verkaeufer(trx);
  if (!v) throw notFound('Systeminformation');
  const werte = Object.fromEntries(SPALTEN.map((k) => [k, (v[k] as string | null | undefined) ?? null])) as Omit<VerkaeuferDaten, 'pruefung' | 'fehlend'>;
  return { ...werte, lizenzName: v.lizenzName, pruefung: pruefmodus(parameterWert), fehlend: fehlendeVerkaeuferDaten(v, true) };
}

export async function setzeVerkaeufer(trx: Db, actor: Pick<Actor, 'id'>, data: z.output<typeof verkaeuferWrite>['data']): Promise<VerkaeuferDaten> {
  const { pruefung, ...felder } = data;
  const aenderung: Record<string, string | null> = {};
  for (const k of SPALTEN) {
    const wert = felder[k];
    if (wert === undefined) continue;
    const t = typeof wert === 'string' ? wert.trim() : wert;
    aenderung[k] = t === '' ? null : t;
  }
  if (aenderung.lizenzName === null) delete aenderung.lizenzName;
  if (Object.keys(aenderung).length) await trx.updateTable('systemInfo').set(aenderung).where('id', '=', 1).execute();
  if (pruefung) {
    const da = await trx.selectFrom('systemParameter').select('name').where('name', '=', ERECHNUNG_PRUEFUNG_PARAMETER).executeTakeFirst();
    if (da) await trx.updateTable('systemParameter').set({ wert: pruefung }).where('name', '=', ERECHNUNG_PRUEFUNG_PARAMETER).execute();
    else await trx.insertInto('systemParameter').values({ name: ERECHNUNG_PRUEFUNG_PARAMETER, wert: pruefung }).execute();
  }
  const geaendert = [...Object.keys(aenderung), ...(pruefung ? [ERECHNUNG_PRUEFUNG_PARAMETER] : [])];
  if (geaendert.length) await logChange(trx, { tabelle: 'systemInfo', datensatzId: 1, aktion: 'AENDERN', benutzerId: actor.id, felder: geaendert });
  const p = await trx.selectFrom('systemParameter').select('wert').where('name', '=', ERECHNUNG_PRUEFUNG_PARAMETER).executeTakeFirst();
  return leseVerkaeufer(trx, p?.wert ?? null);
}
