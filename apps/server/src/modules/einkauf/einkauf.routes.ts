import { ERV_ERECHNUNG_MAX_BYTES, eingangsrechnung, endpoints } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { unprocessable } from '../../lib/errors';
import { fieldTypes } from '../../lib/fields';
import { contentDisposition, decodeBase64 } from '../../lib/files';
import { type ListSpec, runList } from '../../lib/list-query';
import type { AppContext } from '../../lib/module';
import { route } from '../../lib/route';
import { fullTextSearch } from '../../lib/search';
import { actor } from '../../plugins/auth';
import {
  ablehnen,
  ERV_AN_BENUTZER_NAME,
  ERV_CODECS,
  ERV_SPALTEN,
  eingangsrechnungDetail,
  eingangsrechnungHistorie,
  ervAusZeile,
  ervBasis,
  freigeben,
  ohneUnterpruefung,
  pruefDokument,
  speichereCheckliste,
  weiterleiten,
} from './eingangsrechnungen.service';
import { dateienVonEinkaufsbeleg, einkaufsbelegDatei } from './einkauf.service';
import { erechnungAnsicht, legeAusERechnungAn, pruefeERechnung } from './erechnung-eingang.service';

const quoted = (col: string) =>
  col
    .split('.')
    .map((p) => `"${p}"`)
    .join('.');

/** The incoming-invoice list (ERV-003): the spec's names over the purchase document's columns, quick search over its full-text index. */
const ERV_LISTE: ListSpec = {
  table: 'einkaufBelege',
  fields: fieldTypes(eingangsrechnung),
  expressions: { ...Object.fromEntries(Object.entries(ERV_SPALTEN).map(([f, col]) => [f, quoted(col)])), anBenutzerName: ERV_AN_BENUTZER_NAME },
  scales: Object.fromEntries(Object.entries(ERV_CODECS).map(([f, c]) => [f, c.scale])),
  defaultOrder: ['-bskId'],
  key: 'bskId',
  keyColumn: 'id',
  search: fullTextSearch('einkaufBelege', { vocab: true }),
};

/** Purchase documents: files list and file data (BEL-046/047), view only (BEL-048); the incoming-invoice verification (ERV-001…020). */
export function einkaufRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, dialect } = ctx;
  route(app, endpoints.einkaufBelegDateien, async (req) => {
    const result = await dateienVonEinkaufsbeleg(db, req.params.id);
    return { result, resultCount: result.length, hasMoreData: false };
  });
  route(app, endpoints.einkaufBelegDateiDaten, async (req, reply) => {
    const file = await einkaufsbelegDatei(db, req.params.id, req.params.fileId);
    return reply.header('Content-Type', file.mimeType).header('Content-Disposition', contentDisposition(file.dateiname, true)).send(Buffer.from(file.daten));
  });

  route(app, endpoints.eingangsrechnungenList, async (req) => {
    const res = await runList<Record<string, unknown>>(ervBasis(db), ERV_LISTE, req.query, dialect, { key: 'eingangsrechnungen', db, base: ervBasis });
    return { ...res, result: res.result.map(ervAusZeile) };
  });
  route(app, endpoints.eingangsrechnungGet, async (req) => ({ result: await eingangsrechnungDetail(db, req.params.id) }));
  route(app, endpoints.eingangsrechnungHistorie, async (req) => {
    const result = await eingangsrechnungHistorie(db, req.params.id);
    return { result, resultCount: result.length, hasMoreData: false };
  });
  route(app, endpoints.eingangsrechnungDateien, async (req) => {
    await eingangsrechnungDetail(db, req.params.id);
    const result = await dateienVonEinkaufsbeleg(db, req.params.id);
    return { result, resultCount: result.length, hasMoreData: false };
  });
  route(app, endpoints.eingangsrechnungPruefdokument, async (req, reply) => {
    const file = await pruefDokument(db, req.params.id);
    return reply.header('Content-Type', file.mimeType).header('Content-Disposition', contentDisposition(file.dateiname, true)).send(Buffer.from(file.daten));
  });

  route(app, endpoints.eingangsrechnungCheckliste, async (req) =>
    db.transaction().execute(async (trx) => {
      await speichereCheckliste(trx, actor(req), req.params.id, req.body.data.checkliste);
      return { result: await eingangsrechnungDetail(trx, req.params.id) };
    }),
  );
  route(app, endpoints.eingangsrechnungFreigeben, async (req) =>
    db.transaction().execute(async (trx) => {
      await freigeben(trx, actor(req), req.params.id, req.body.data.bemerkung, await ohneUnterpruefung(ctx.parameter, trx));
      return { result: await eingangsrechnungDetail(trx, req.params.id) };
    }),
  );
  route(app, endpoints.eingangsrechnungAblehnen, async (req) =>
    db.transaction().execute(async (trx) => {
      await ablehnen(trx, actor(req), req.params.id, req.body.data.bemerkung);
      return { result: await eingangsrechnungDetail(trx, req.params.id) };
    }),
  );
  route(app, endpoints.eingangsrechnungWeiterleiten, async (req) =>
    db.transaction().execute(async (trx) => {
      await weiterleiten(trx, actor(req), req.params.id, req.body.data.anBenutzerId, req.body.data.bemerkung);
      return { result: await eingangsrechnungDetail(trx, req.params.id) };
    }),
  );

  // e-invoice intake (issue 25 item 4): validated before the transaction (child processes), recorded in one
  route(app, endpoints.eingangsrechnungERechnung, async (req) => {
    const { dateiname, daten, lieferantAnlegen } = req.body.data;
    const bytes = decodeBase64(daten);
    if (bytes.length > ERV_ERECHNUNG_MAX_BYTES)
      throw unprocessable('Die Datei ist zu groß für eine E-Rechnung (höchstens 7 MB)', { daten: ['Die Datei ist zu groß (höchstens 7 MB)'] });
    const geprueft = await pruefeERechnung(dateiname, bytes);
    const result = await db.transaction().execute((trx) => legeAusERechnungAn(trx, actor(req), geprueft, lieferantAnlegen ?? false));
    return { result };
  });
  route(app, endpoints.eingangsrechnungERechnungAnsicht, async (req) => ({ result: await erechnungAnsicht(db, req.params.id) }));
}
