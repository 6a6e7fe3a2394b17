import { MessageCode, ticketGeschlossen } from '@vario/contract';
import type { Db } from '../../db/index';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/locks';
import type { Ctx } from '../../lib/resource';
import { may } from '../../lib/rights';
import { nutzungAn } from '../webapp/referenz.service';

/** 403 while a usage parameter switches the area off (RIGHT-026/027, DEAL: usage parameter deals). */
export async function requireNutzung(ctx: Pick<Ctx, 'parameter'>, key: 'tickets' | 'deals', db?: Db): Promise<void> {
  if (!(await nutzungAn(ctx, key, db)))
    throw new ApiError(403, MessageCode.forbidden, `Der Bereich ${key === 'tickets' ? 'Tickets' : 'Deals'} ist ausgeschaltet (Nutzungsparameter ${key})`, {
      messageParameters: [`NUTZUNG.${key.toUpperCase()}`],
    });
}

async function requireRight(trx: Db, actor: Actor, recht: string) {
  if (!(await may(trx, actor, recht))) throw forbidden(recht);
}

export type AktivitaetAktion = 'anlegen' | 'aendern' | 'loeschen' | 'lesen';

/** What decides the rights of an activity: its user and the record it belongs to. */
export interface AktivitaetBezug {
  benutzerId: number;
  ticketId: number | null | undefined;
  dealId: number | null | undefined;
}

/**
 * The rights of one activity, checked per record in the write's transaction (issue 22 item 7):
 * - of a ticket: reading TKT_ANSEHEN; creating TKT_AENDERN; changing one's own TKT_AKT_AENDERN, another user's
 *   TKT_AKT_FREMD_AENDERN; deleting one's own TKT_AKT_LOESCHEN, another user's TKT_AKT_FREMD_LOESCHEN (RIGHT-029…032);
 *   an activity written for another user counts as foreign; a closed ticket (status ≥ 90) keeps its activities (409);
 *   the usage parameter tickets off: 403;
 * - of a deal: reading DEALS_SEHEN; on an open deal (status 0) writing DEALS_AENDERN and deleting DEALS_LOESCHEN; on a
 *   won or lost deal writing ABGL_DEALS_AENDERN and no deleting (409); the usage parameter deals off: 403;
 * - of an address only: ADR_SEHEN to read, ADR_AENDERN to write.
 * Answers the address of the record (for a new activity).
 */
export async function pruefeAktivitaet(
  trx: Db,
  ctx: Pick<Ctx, 'parameter' | 'dialect'>,
  actor: Actor,
  aktion: AktivitaetAktion,
  akt: AktivitaetBezug,
  /** The user the activity will have after a change (foreign when not the actor). */
  neuerBenutzerId?: number,
): Promise<{ adresseId: number | null }> {
  const fremd = akt.benutzerId !== actor.id || (neuerBenutzerId !== undefined && neuerBenutzerId !== actor.id);
  if (akt.ticketId != null) {
    await requireNutzung(ctx, 'tickets', trx);
    let tq = trx.selectFrom('tickets').select(['id', 'ticketNummer', 'status', 'adresseId']).where('id', '=', akt.ticketId);
    // a write waits for a close of the ticket running at the same time, and a close waits for it (PostgreSQL)
    if (ctx.dialect === 'postgres' && aktion !== 'lesen') tq = tq.forShare();
    const ticket = await tq.executeTakeFirst();
    if (!ticket) {
      if (aktion === 'anlegen') throw badRequest('Bitte die Eingaben prüfen!', { ticketId: [`Unbekanntes Ticket: ${akt.ticketId}`] });
      throw notFound('Ticket');
    }
    await requireRight(trx, actor, 'TKT_ANSEHEN');
    if (aktion === 'lesen') return { adresseId: ticket.adresseId };
    if (ticketGeschlossen(ticket.status))
      throw conflict(`Das Ticket T${ticket.ticketNummer} ist geschlossen: seine Aktivitäten können nicht mehr geändert werden`);
    if (aktion === 'anlegen') {
      await requireRight(trx, actor, 'TKT_AENDERN');
      if (fremd) await requireRight(trx, actor, 'TKT_AKT_FREMD_AENDERN');
    } else if (aktion === 'aendern') await requireRight(trx, actor, fremd ? 'TKT_AKT_FREMD_AENDERN' : 'TKT_AKT_AENDERN');
    else await requireRight(trx, actor, fremd ? 'TKT_AKT_FREMD_LOESCHEN' : 'TKT_AKT_LOESCHEN');
    return { adresseId: ticket.adresseId };
  }
  if (akt.dealId != null) {
    await requireNutzung(ctx, 'deals', trx);
    let q = trx.selectFrom('deals').select(['id', 'status', 'adresseId']).where('id', '=', akt.dealId);
    if (ctx.dialect === 'postgres' && aktion !== 'lesen') q = q.forShare();
    const deal = await q.executeTakeFirst();
    if (!deal) {
      if (aktion === 'anlegen') throw badRequest('Bitte die Eingaben prüfen!', { dealId: [`Unbekannter Deal: ${akt.dealId}`] });
      throw notFound('Deal');
    }
    await requireRight(trx, actor, 'DEALS_SEHEN');
    if (aktion === 'lesen') return { adresseId: deal.adresseId };
    if (deal.status === 0) await requireRight(trx, actor, aktion === 'loeschen' ? 'DEALS_LOESCHEN' : 'DEALS_AENDERN');
    else if (aktion === 'loeschen') throw conflict('Der Deal ist abgeschlossen: seine Aktivitäten können nicht gelöscht werden');
    else await requireRight(trx, actor, 'ABGL_DEALS_AENDERN');
    return { adresseId: deal.adresseId };
  }
  await requireRight(trx, actor, 'ADR_SEHEN');
  if (aktion !== 'lesen') await requireRight(trx, actor, 'ADR_AENDERN');
  return { adresseId: null };
}
