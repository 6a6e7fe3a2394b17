import { DEAL_BELEGARTEN, DEAL_PHASEN, DEAL_STATUS } from '@vario/contract';
import { inTransaction } from '../../db/index';
import { plusTage, tagVon } from '../../lib/berlin-time';
import { encode, money2 } from '../../lib/codecs';
import type { Ctx } from '../../lib/resource';
import { createRecord } from '../../lib/resource';
import { insertChunked, type SeedContext, type Seeder } from '../../seed/context';
import { addPosition } from '../belege/belege.positionen';
import { createBeleg } from '../belege/belege.service';
import { bucheBeleg } from '../belege/belege.transitions';
import { dealsResource } from './deals.resource';
import { assignBeleg, loseDeal, moveDealPhase, syncKontaktErinnerung, winDeal } from './deals.service';

/**
 * Demo deals (issue 22 item 4): the first SERVICE_DEALS through the services users call — created, moved across the
 * phases, some with an offer or order of their address assigned (booked), won with the proposed sum or lost with a
 * reason, open ones with a next contact (and so the responsible user's reminder). Above that (SEED_SCALE=100k/1m) the
 * rest is a bulk load of open, won and lost deals in every phase, valid by construction (no documents, no reminders).
 */
const SERVICE_DEALS = 240;
const CHUNK = 1000;
const TITEL = ['Wartungsvertrag', 'Kältemaschine', 'Heizungssanierung', 'Lüftungsanlage', 'Ersatzteilpaket', 'Servicevertrag', 'Wärmepumpe', 'Messe-Aktion'];
const rnd = (i: number, n: number, salt: number) => Math.abs(Math.imul(i + 1, 2_654_435_761) ^ Math.imul(salt, 40_503)) % n;

export const dealsSeeder: Seeder = {
  name: 'deals',
  table: 'deals',
  demoOnly: true,
  async run(seed: SeedContext) {
    const { db, scale } = seed;
    const benutzer = await db.selectFrom('benutzer').select(['id', 'name', 'istAdmin', 'anmeldename']).where('gesperrt', '=', false).orderBy('id').execute();
    const admin = benutzer.find((b) => b.istAdmin) ?? benutzer[0];
    const kunden = await db.selectFrom('adressen').select('id').where('istKunde', '=', true).where('gesperrt', '=', false).orderBy('id').limit(400).execute();
    const artikel = await db.selectFrom('artikel').select('id').where('artikelart', '=', '3').where('gesperrt', '=', false).orderBy('id').limit(10).execute();
    if (!admin || !kunden.length) return;
    const actor = { id: admin.id, name: admin.name, istAdmin: admin.istAdmin };
    const ctx: Ctx = {
      db,
      dialect: seed.dialect,
      parameter: async (name, d) => (await (d ?? db).selectFrom('systemParameter').select('wert').where('name', '=', name).executeTakeFirst())?.wert ?? null,
    };
    const grund = await db.selectFrom('dealVerlustgruende').select('bezeichnung').orderBy('sortierung').execute();
    const jetzt = Date.now();
    const heute = tagVon(new Date(jetzt).toISOString());
    const tag = (d: number) => plusTage(heute, d);
    const ziel = Math.min(Math.max(scale, 60), SERVICE_DEALS);

    for (let i = 0; i < ziel; i++) {
      const kunde = kunden[i % kunden.length] as { id: number };
      const zust = benutzer[rnd(i, benutzer.length, 1)] ?? admin;
      // every phase and status: status by i % 5 (three open, one won, one lost), phase by i % 4
      const status = [DEAL_STATUS.offen, DEAL_STATUS.offen, DEAL_STATUS.gewonnen, DEAL_STATUS.offen, DEAL_STATUS.verloren][i % 5] as number;
      const phase = DEAL_PHASEN[Math.floor(i / 5) % 4] as number;
      await inTransaction(db, async (trx) => {
        const data = {
          titel: `${TITEL[i % TITEL.length]} ${kunde.id}-${i + 1}`,
          typ: i % 7 === 0 ? 2 : 1,
          chance: [10, 25, 50, 75, 90][rnd(i, 5, 2)] as number,
          adresseId: kunde.id,
          zustaendigerBenutzer: zust.id,
          investitionssummeGeplant: (1 + rnd(i, 200, 3)) * 250,
          investitionsdatumGeplant: tag(14 + rnd(i, 120, 4)),
          naechsterKontakt: status === DEAL_STATUS.offen && i % 3 !== 2 ? new Date(jetzt + (1 + rnd(i, 30, 5)) * 86_400_000).toISOString() : null,
          note: i % 4 === 0 ? 'Kunde wünscht ein Angebot mit Wartungsoption.' : null,
        };
        const d = (await createRecord(trx, ctx, dealsResource, actor, { data })).result;
        await syncKontaktErinnerung(trx, actor, d.id);
        if (phase !== 1) await moveDealPhase(trx, ctx, actor, d.id, phase);
        if (i % 2 === 0 && artikel.length) {
          const belegart = DEAL_BELEGARTEN[(i / 2) % DEAL_BELEGARTEN.length] as (typeof DEAL_BELEGARTEN)[number];
          const b = await createBeleg(trx, actor, { belegart, adresseId: kunde.id, betreff: data.titel });
          await addPosition(trx, actor, b.id, { artikelId: (artikel[rnd(i, artikel.length, 6)] as { id: number }).id, menge: 1 + rnd(i, 5, 7) });
          if (i % 4 === 0) await bucheBeleg(trx, actor, b.id, { zeitpunkt: new Date(jetzt - 86_400_000).toISOString() });
          await assignBeleg(trx, ctx, actor, d.id, b.id);
        }
        if (status === DEAL_STATUS.gewonnen) await winDeal(trx, ctx, actor, d.id, {});
        if (status === DEAL_STATUS.verloren && grund.length)
          await loseDeal(trx, ctx, actor, d.id, (grund[rnd(i, grund.length, 8)] as { bezeichnung: string }).bezeichnung);
      });
      seed.progress('Deals', i + 1, ziel);
    }

    // the rest up to the scale exactly (1m → 1,000,000 deals)
    if (scale <= ziel) return;
    const stamp = new Date().toISOString();
    await insertChunked(
      seed,
      'deals',
      scale - ziel,
      (i) => {
        const status = [0, 0, 0, 1, 2][i % 5] as number;
        const summe = (1 + rnd(i, 400, 11)) * 500;
        return {
          typ: i % 7 === 0 ? 2 : 1,
          titel: `${TITEL[rnd(i, TITEL.length, 12)]} ${i + 1}`,
          chance: rnd(i, 101, 13),
          status,
          phase: 1 + rnd(i, 4, 14),
          zustaendigerBenutzer: (benutzer[rnd(i, benutzer.length, 15)] ?? admin).id,
          investitionssummeGeplant: encode(money2, summe),
          investitionsdatumGeplant: tag(-700 + rnd(i, 900, 16)),
          investitionsdatumErreicht: status === 1 ? tag(-rnd(i, 600, 17)) : null,
          investitionssummeErreicht: status === 1 ? encode(money2, summe) : null,
          verlustgrund: status === 2 ? ((grund[rnd(i, Math.max(grund.length, 1), 18)] as { bezeichnung: string } | undefined)?.bezeichnung ?? null) : null,
          archived: false,
          naechsterKontakt: null,
          adresseId: (kunden[rnd(i, kunden.length, 19)] as { id: number }).id,
          angelegtAm: stamp,
          geaendertAm: stamp,
        };
      },
      'Deals',
      CHUNK,
    );
  },
};
