import { MAIL_VORLAGE_SERVICEBERICHT, type MailEntwurf } from '@vario/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index';
import { notFound, unprocessable } from '../../lib/errors';
import { formatDatum } from '../../lib/format-de';
import { may } from '../../lib/rights';
import { actor } from '../../plugins/auth';
import { werIst } from '../service/service.wer';
import type { Anhang } from './mail.anhaenge';
import { fuelle, mailEntwurfBasis } from './mail.service';

/**
 * The technician's service report by e-mail (issue 24 item 8): the completion report PDF stored when the task was
 * completed (`serviceAuftraege.abschlussbericht`, GoBD: the same bytes every time, also on a resend), sent through the
 * outbox with the template SERVICEBERICHT. Who may see the task may send its report (a technician their own tasks,
 * SVC_DISPO and administrators every task; others 404, as the report's download).
 */

/** The task as the report mail needs it, after the object-level check; 404 for a task the user does not reach. */
export async function serviceberichtAuftrag(db: Db, req: FastifyRequest, id: number) {
  const a = actor(req);
  const w = await werIst(db, a, (r) => may(db, a, r, req.session));
  const x = await db
    .selectFrom('serviceAuftraege')
    .select(['id', 'auftragsnummer', 'bezeichnung', 'adresseId', 'technikerId', 'abgeschlossenAm', 'abschlussberichtSha256'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!x || (!w.alle && (x.technikerId === null || x.technikerId !== w.technikerId))) throw notFound('Serviceauftrag');
  return x;
}
type Auftrag = Awaited<ReturnType<typeof serviceberichtAuftrag>>;

const dateiname = (a: Pick<Auftrag, 'auftragsnummer'>) => `Abschlussbericht-${a.auftragsnummer}.pdf`;

/** The stored report as the attachment; 422 before the task is completed. */
export async function serviceberichtAnhaenge(db: Db, a: Auftrag): Promise<Anhang[]> {
  const r = await db.selectFrom('serviceAuftraege').select('abschlussbericht').where('id', '=', a.id).executeTakeFirst();
  if (!r?.abschlussbericht) throw unprocessable(`Serviceauftrag ${a.auftragsnummer}: es gibt noch keinen Servicebericht (der Auftrag ist nicht abgeschlossen)`);
  return [{ name: dateiname(a), mimeType: 'application/pdf', daten: Buffer.from(r.abschlussbericht) }];
}

/** The recipient: the address's e-mail, else the first contact person of the address with one. */
async function empfaenger(db: Db, adresseId: number | null): Promise<string[]> {
  if (adresseId === null) return [];
  const a = await db.selectFrom('adressen').select('email').where('id', '=', adresseId).executeTakeFirst();
  if (a?.email) return [a.email];
  const p = await db
    .selectFrom('ansprechpartner')
    .select('email')
    .where('adresseId', '=', adresseId)
    .where('email', 'is not', null)
    .where('email', '!=', '')
    .orderBy('id')
    .executeTakeFirst();
  return p?.email ? [p.email] : [];
}

export async function serviceberichtEntwurf(db: Db, a: Auftrag): Promise<MailEntwurf> {
  if (!a.abschlussberichtSha256)
    throw unprocessable(`Serviceauftrag ${a.auftragsnummer}: es gibt noch keinen Servicebericht (der Auftrag ist nicht abgeschlossen)`);
  const [basis, an, adresse] = await Promise.all([
    mailEntwurfBasis(db, MAIL_VORLAGE_SERVICEBERICHT),
    empfaenger(db, a.adresseId),
    a.adresseId === null ? undefined : db.selectFrom('adressen').select('name1').where('id', '=', a.adresseId).executeTakeFirst(),
  ]);
  const werte = {
    belegnummer: a.auftragsnummer,
    belegart: 'Servicebericht',
    belegdatum: a.abgeschlossenAm ? formatDatum(a.abgeschlossenAm.slice(0, 10)) : '',
    kundenname: adresse?.name1 ?? '',
    titel: a.bezeichnung,
    firma: basis.firma,
  };
  return {
    an,
    cc: [],
    betreff: fuelle(basis.vorlage.betreff, werte),
    text: fuelle(basis.vorlage.text, werte),
    anhaenge: [{ name: dateiname(a) }],
    eingerichtet: basis.eingerichtet,
  };
}
