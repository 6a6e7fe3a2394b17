import { abrechenbareMinuten, TICKET_ABRECHNUNGSART, ticketGeschlossen } from '@vario/contract';
import type { Db } from '../../db/index';
import type { Dialect } from '../../db/schema-helpers';
import { tagVon } from '../../lib/berlin-time';
import { logChange } from '../../lib/change-log';
import { conflict } from '../../lib/errors';
import { formatDatum } from '../../lib/format-de';
import type { Actor } from '../../lib/locks';
import { addPosition } from '../belege/belege.positionen';
import { createBeleg } from '../belege/belege.service';
import { ladeTicket } from './tickets.service';

/** System parameter naming the article (its number) whose price is the hourly rate of billed activities. */
export const ABRECHNUNGSARTIKEL_PARAMETER = 'TICKETS.ABRECHNUNGSARTIKEL';

/**
 * "Create billing document" (issue 22 item 9): the ticket's billable activities — each by the ticket's billing rule
 * (`abrechnungsartAktivitaeten`), in hours of the hourly-rate article — become the positions of a new document of the
 * given type for the ticket's address, created by the document service; the ticket gets `abrechnungBelegId`. One
 * transaction: a refusal anywhere (already billed, free of charge, nothing billable, no rate article) leaves all as it was.
 */
export async function ticketAbrechnen(trx: Db, dialect: Dialect, actor: Actor, id: number, belegart: string, artikelnummer: string | null): Promise<number> {
  const t = await ladeTicket(trx, id, dialect, true);
  const nr = `T${t.ticketNummer}`;
  if (t.abrechnungBelegId) throw conflict(`Das Ticket ${nr} ist bereits abgerechnet`);
  if (t.abrechnungsart === TICKET_ABRECHNUNGSART.ohneBerechnung) throw conflict(`Das Ticket ${nr} wird ohne Berechnung geführt`);
  if (ticketGeschlossen(t.status) && t.status !== 90) throw conflict(`Das Ticket ${nr} ist geschlossen`);
  if (!artikelnummer?.trim()) throw conflict(`Kein Artikel für den Stundensatz eingestellt (Systemparameter ${ABRECHNUNGSARTIKEL_PARAMETER})`);
  const artikel = await trx.selectFrom('artikel').select(['id']).where('artikelnummer', '=', artikelnummer.trim()).executeTakeFirst();
  if (!artikel) throw conflict(`Der Artikel ${artikelnummer} für den Stundensatz fehlt (Systemparameter ${ABRECHNUNGSARTIKEL_PARAMETER})`);
  const aktivitaeten = await trx
    .selectFrom('aktivitaeten')
    .select(['id', 'datum', 'beschreibung', 'dauer'])
    .where('ticketId', '=', id)
    .orderBy('datum')
    .orderBy('id')
    .execute();
  const zeilen = aktivitaeten.map((a) => ({ ...a, minuten: abrechenbareMinuten(t.abrechnungsartAktivitaeten, a.dauer) })).filter((a) => a.minuten > 0);
  if (zeilen.length === 0) throw conflict(`Das Ticket ${nr} hat keine abrechenbaren Aktivitäten`);
  const beleg = await createBeleg(trx, actor, { belegart, adresseId: t.adresseId, betreff: `Ticket ${nr}: ${t.betreff}`.slice(0, 120) });
  for (const z of zeilen) {
    const text = `${formatDatum(tagVon(z.datum))}: ${z.beschreibung}`.slice(0, 200);
    // hours with three decimals (the quantity's precision), from whole minutes
    await addPosition(
      trx,
      actor,
      beleg.id,
      { artikelId: artikel.id, menge: Math.round((z.minuten / 60) * 1000) / 1000, bezeichnung: text },
      { ohnePruefung: true },
    );
  }
  await trx.updateTable('tickets').set({ abrechnungBelegId: beleg.id }).where('id', '=', id).execute();
  await logChange(trx, { tabelle: 'TKT', datensatzId: id, aktion: 'AENDERN', benutzerId: actor.id, felder: ['abrechnungBelegId'] });
  return beleg.id;
}
