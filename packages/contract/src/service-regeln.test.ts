import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints';
import { serviceAktionDaten } from './service';
import { MATERIAL_MENGENFELD, MATERIALSTATUS as MS, SERVICE_SCHRITTARTEN, type ServiceAktionArt, AUFTRAGSSTATUS as ST } from './service-codes';
import {
  auftragsMaterialstatus,
  bestaetigenGrenzen,
  buchungsgrenzen,
  darfAnkommen,
  darfMaterialBuchen,
  darfReiseStarten,
  darfZeitBuchen,
  JOURNEY_SCHRITTE,
  materialstatusVon,
  mengeFehler,
  mengenfeldDesSchritts,
  nachweisFehler,
  nochNichtUmgelagert,
  phaseDesStatus,
  phaseVon,
  schrittErlaubt,
  seriennummernVon,
  statusNach,
  uebersteigtUmlagerung,
  umlagernGrenzen,
  VERWEIGERUNG_STATUS,
  verweigerung,
} from './service-regeln';
import { AUFTRAGSSTATUS_TABELLE, auftragsstatusFarbe, MATERIALSTATUS_TABELLE, materialstatusFarbe, SERVICE_PHASEN } from './service-status';

/** The shared field-service rules as pure functions: no database, no server (the API tests prove the server follows them). */

const ARTEN = Object.keys(SERVICE_SCHRITTARTEN) as ServiceAktionArt[];
const angenommen = { aktiv: true, angenommenDatum: '2026-11-26T07:00:00Z' };
const unterwegs = { ...angenommen, reisebeginnDatum: '2026-11-26T08:00:00Z' };
const vorOrt = { ...unterwegs, vorOrtDatum: '2026-11-26T09:00:00Z' };

describe('journey phases', () => {
  it('follow the planning item: open, accepted, travelling, on site, working; ended and closed', () => {
    expect(phaseVon(null)).toBe('ohnePlanung');
    expect(phaseVon({ aktiv: true })).toBe('offen');
    expect(phaseVon({})).toBe('offen');
    expect(phaseVon(angenommen)).toBe('angenommen');
    expect(phaseVon(unterwegs)).toBe('unterwegs');
    expect(phaseVon(vorOrt)).toBe('vorOrt');
    expect(phaseVon({ ...vorOrt, zeitLaeuft: true })).toBe('inArbeit');
    expect(phaseVon({ ...vorOrt, aktiv: false })).toBe('beendet');
    expect(phaseVon({ ...vorOrt, auftragsstatus: ST.abgeschlossen })).toBe('geschlossen');
    expect(phaseVon({ ...angenommen, auftragsstatus: ST.storniert })).toBe('geschlossen');
    // arrival counts only after travel start
    expect(phaseVon({ ...angenommen, vorOrtDatum: '2026-11-26T09:00:00Z' })).toBe('angenommen');
  });

  it('travel start, arrival, hours and material', () => {
    expect([darfReiseStarten(angenommen), darfAnkommen(angenommen), darfZeitBuchen(angenommen), darfMaterialBuchen(angenommen)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([darfReiseStarten(unterwegs), darfAnkommen(unterwegs), darfZeitBuchen(unterwegs), darfMaterialBuchen(unterwegs)]).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect([darfReiseStarten(vorOrt), darfAnkommen(vorOrt), darfZeitBuchen(vorOrt), darfMaterialBuchen(vorOrt)]).toEqual([false, false, true, true]);
    expect(darfZeitBuchen({ ...vorOrt, zeitLaeuft: true })).toBe(true);
    expect(darfReiseStarten({ ...angenommen, aktiv: false })).toBe(false);
  });
});

describe('journey step table', () => {
  it('names a step of every kind and an answer in every phase', () => {
    expect(Object.keys(JOURNEY_SCHRITTE).sort()).toEqual([...ARTEN].sort());
    for (const art of ARTEN) expect(Object.keys(JOURNEY_SCHRITTE[art].phasen).sort()).toEqual([...SERVICE_PHASEN].sort());
  });

  it('a closed task takes no step on it; an ended visit no step on its planning item', () => {
    for (const art of ARTEN) {
      const aufAufgabe = !['nachbuchung', 'kalenderNeu', 'kalenderAendern', 'kalenderLoeschen'].includes(art);
      expect(verweigerung(art, 'geschlossen') !== null, art).toBe(aufAufgabe);
      if ((SERVICE_SCHRITTARTEN[art].ids as readonly string[]).includes('planungId')) expect(verweigerung(art, 'beendet'), art).toBe('nichtAktiv');
    }
  });

  it.each([
    ['annehmen', 'offen'],
    ['ablehnen', 'offen'],
    ['reisebeginn', 'angenommen'],
    ['ankunft', 'unterwegs'],
    ['zeitStart', 'vorOrt'],
    ['zeitStopp', 'inArbeit'],
    ['telefonischErledigt', 'angenommen'],
    ['telefonischErledigt', 'unterwegs'],
  ] as const)('%s is allowed from %s only among the visit phases', (art, phase) => {
    expect(verweigerung(art, phase)).toBeNull();
    const others = (['offen', 'angenommen', 'unterwegs', 'vorOrt', 'inArbeit'] as const).filter((p) => verweigerung(art, p) === null);
    expect(others).toContain(phase);
  });

  it('refusals answer 409 for conflicts, 404 without a visit, 422 for the journey rules', () => {
    expect(VERWEIGERUNG_STATUS[verweigerung('annehmen', 'angenommen') ?? 'geschlossen']).toBe(422);
    expect(verweigerung('ankunft', 'angenommen')).toBe('reiseFehlt');
    expect(verweigerung('zeitStart', 'inArbeit')).toBe('zeitLaeuft');
    expect(VERWEIGERUNG_STATUS.zeitLaeuft).toBe(409);
    expect(verweigerung('zeitStopp', 'vorOrt')).toBe('keineZeitLaeuft');
    expect(verweigerung('materialBuchung', 'unterwegs')).toBe('materialErstVorOrt');
    expect(verweigerung('mehraufwandNeu', 'beendet')).toBeNull();
    expect(schrittErlaubt('zurueckstellen', vorOrt)).toBe(true);
    expect(schrittErlaubt('telefonischErledigt', vorOrt)).toBe(false);
  });

  it('the status after a step is one of the table whose phase is where the step leaves the visit', () => {
    const phaseNach: Partial<Record<ServiceAktionArt, string>> = {
      annehmen: 'angenommen',
      ablehnen: 'beendet',
      zurueckgeben: 'beendet',
      zurueckstellen: 'angenommen',
      dienstende: 'angenommen',
      telefonischErledigt: 'beendet',
      reisebeginn: 'unterwegs',
      ankunft: 'vorOrt',
      zeitStart: 'inArbeit',
      zeitStopp: 'vorOrt',
      abschluss: 'geschlossen',
    };
    for (const art of ARTEN) {
      const nach = statusNach(art);
      expect(nach === null ? undefined : phaseDesStatus(nach), art).toBe(phaseNach[art]);
    }
    expect(statusNach('zurueckstellen', { datum: '2026-12-01' })).toBe(ST.zurueckgestellt);
    expect(statusNach('zurueckstellen', { datum: null })).toBe(ST.zurueckgestelltOhneTermin);
    expect(statusNach('serviceZeit')).toBeNull();
  });
});

describe('status tables', () => {
  it('hold every code the server sets, once', () => {
    for (const code of Object.values(ST)) expect(AUFTRAGSSTATUS_TABELLE.filter((z) => z.status === code)).toHaveLength(1);
    for (const code of Object.values(MS)) expect(MATERIALSTATUS_TABELLE.filter((z) => z.status === code)).toHaveLength(1);
  });

  it.each([
    ['blue', ['00', '01', '11', '80', '85']],
    ['teal', ['02', '03', '04', '05', '07']],
    ['lime', ['06', '08', '09', '86']],
    ['orange', ['10']],
    ['green', ['12', '98', '91']],
    ['yellow', ['19', '21', '22', '50']],
    ['dark', ['90', '13', '99']],
  ])('task colour %s', (farbe, codes) => {
    for (const code of codes) expect(auftragsstatusFarbe(code), code).toBe(farbe);
  });

  it('material colours', () => {
    expect(['10', '13', '15', '17', '25', '27', '19', '29', '30', '11'].map(materialstatusFarbe)).toEqual([
      'gray',
      'red',
      'yellow',
      'orange',
      'teal',
      'teal',
      'green',
      'green',
      'dark',
      'dark',
    ]);
    expect(auftragsstatusFarbe(1)).toBe('blue');
    expect(materialstatusFarbe(null)).toBe('dark');
  });
});

describe('step kinds table', () => {
  it('names an endpoint whose path takes the ids, a data schema and whether the call sends a body', () => {
    for (const art of ARTEN) {
      const kind = SERVICE_SCHRITTARTEN[art];
      const e = endpoints[kind.endpoint];
      expect(e, art).toBeDefined();
      expect(serviceAktionDaten[kind.daten], art).toBeDefined();
      expect((e.path.match(/:\w+/g) ?? []).length, art).toBe(kind.ids.length);
      expect('body' in e && e.body !== undefined, art).toBe(kind.body);
    }
  });
});

describe('material rules (thousandths)', () => {
  const zeile = {
    menge: 5000,
    mengeUmgelagert: 3000,
    mengeEingebaut: 2000,
    mengeDoa: 1000,
    mengeGutteilretoure: 0,
    mengeDefektVerkauft: 0,
    mengeDefektEingelagert: 1000,
    mengeBestaetigt: 1000,
  };

  it('bounds: good parts up to what is left, faulty parts up to the installed ones, down to minus the booked', () => {
    expect(buchungsgrenzen(zeile, 'eingebaut')).toEqual({ min: -2000, max: 2000 });
    expect(buchungsgrenzen(zeile, 'doa')).toEqual({ min: -1000, max: 2000 });
    expect(buchungsgrenzen(zeile, 'gutteilretoure').max).toBe(2000);
    expect(buchungsgrenzen(zeile, 'defektEingelagert')).toEqual({ min: -1000, max: 1000 });
    expect(buchungsgrenzen(zeile, 'defektVerkauft').max).toBe(1000);
    expect(bestaetigenGrenzen(zeile)).toEqual({ min: 1, max: 2000 });
    expect(umlagernGrenzen(zeile)).toEqual({ min: 1, max: 2000 });
  });

  it('amounts: not zero, within the bounds', () => {
    const g = { min: -2000, max: 5000 };
    expect([0, Number.NaN, 5001, -2001, 5000, -2000, 1].map((v) => mengeFehler(v, g))).toEqual([
      'ungueltig',
      'ungueltig',
      'zuGross',
      'zuKlein',
      null,
      null,
      null,
    ]);
  });

  it('not yet transferred warns; booking installed or DOA parts beyond the transferred ones too', () => {
    expect(nochNichtUmgelagert(zeile)).toBe(true);
    expect(nochNichtUmgelagert({ menge: 3000, mengeUmgelagert: 3000 })).toBe(false);
    expect(uebersteigtUmlagerung(zeile, 'eingebaut', 1)).toBe(true);
    expect(uebersteigtUmlagerung({ ...zeile, mengeDoa: 0 }, 'eingebaut', 1000)).toBe(false);
    expect(uebersteigtUmlagerung(zeile, 'defektEingelagert', 1000)).toBe(false);
    expect(uebersteigtUmlagerung(zeile, 'eingebaut', -1000)).toBe(false);
  });

  it('the quantity field of each material step', () => {
    for (const [art, feld] of Object.entries(MATERIAL_MENGENFELD)) expect(mengenfeldDesSchritts('materialBuchung', art)).toBe(feld);
    expect(mengenfeldDesSchritts('rueckbuchung')).toBe('mengeGutteilretoure');
    expect(mengenfeldDesSchritts('materialBestaetigen')).toBe('mengeBestaetigt');
    expect(mengenfeldDesSchritts('materialBuchung', 'toString')).toBeNull();
    expect(mengenfeldDesSchritts('annehmen')).toBeNull();
  });

  it('the material status of a line and of its task (the least advanced line)', () => {
    expect(materialstatusVon({ menge: 2000 })).toBe(MS.angefordert);
    expect(materialstatusVon({ menge: 2000, mengeReserviert: 2000 })).toBe(MS.reserviert);
    expect(materialstatusVon({ menge: 2000, mengeNichtGeliefert: 1000 })).toBe(MS.nichtLieferbar);
    expect(materialstatusVon({ menge: 2000, mengeUmgelagert: 1000 })).toBe(MS.inUmlagerung);
    expect(materialstatusVon({ menge: 2000, mengeUmgelagert: 2000 })).toBe(MS.umgelagert);
    expect(materialstatusVon({ menge: 2000, mengeUmgelagert: 2000, mengeBestaetigt: 1000 })).toBe(MS.teilweiseBestaetigt);
    expect(materialstatusVon({ menge: 2000, mengeUmgelagert: 2000, mengeBestaetigt: 2000 })).toBe(MS.bestaetigt);
    expect(materialstatusVon({ menge: 2000, mengeEingebaut: 1000, mengeDoa: 1000 })).toBe(MS.verbucht);
    expect(auftragsMaterialstatus([MS.verbucht, MS.umgelagert, MS.bestaetigt])).toBe(MS.umgelagert);
    expect(auftragsMaterialstatus([])).toBeNull();
  });
});

describe('serial and batch numbers of a material booking (issue 19 item 16)', () => {
  const sn = { istSeriennummernArtikel: true, istChargenArtikel: false };
  const ch = { istSeriennummernArtikel: false, istChargenArtikel: true };
  it('splits serial numbers at commas, semicolons and line breaks', () => {
    expect(seriennummernVon(' A1, B 2;C3\n\nD4 ,')).toEqual(['A1', 'B 2', 'C3', 'D4']);
    expect(seriennummernVon(null)).toEqual([]);
    expect(seriennummernVon(' , ; ')).toEqual([]);
  });
  it('a serial-numbered article needs one serial number per piece, each once, in whole pieces', () => {
    expect(nachweisFehler(sn, 1000, null, null)).toEqual({ seriennr: 'seriennrFehlt' });
    expect(nachweisFehler(sn, 1000, '   ', null)).toEqual({ seriennr: 'seriennrFehlt' });
    expect(nachweisFehler(sn, 1000, 'SN-1', null)).toEqual({});
    expect(nachweisFehler(sn, 2000, 'SN-1', null)).toEqual({ seriennr: 'seriennrAnzahl' });
    expect(nachweisFehler(sn, 2000, 'SN-1, SN-2', null)).toEqual({});
    expect(nachweisFehler(sn, 1000, 'SN-1, SN-2', null)).toEqual({ seriennr: 'seriennrAnzahl' });
    expect(nachweisFehler(sn, 2000, 'SN-1, SN-1', null)).toEqual({ seriennr: 'seriennrDoppelt' });
    // a correction names the serial numbers it takes back
    expect(nachweisFehler(sn, -1000, 'SN-1', null)).toEqual({});
    expect(nachweisFehler(sn, -2000, 'SN-1', null)).toEqual({ seriennr: 'seriennrAnzahl' });
    expect(nachweisFehler(sn, 1500, 'SN-1, SN-2', null)).toEqual({ menge: 'ganzeStueck' });
    // a batch number alone does not do
    expect(nachweisFehler(sn, 1000, null, 'CH-7')).toEqual({ seriennr: 'seriennrFehlt' });
  });
  it('a batch-managed article needs its batch number; an article managed by both needs both', () => {
    expect(nachweisFehler(ch, 3000, null, null)).toEqual({ chargennr: 'chargennrFehlt' });
    expect(nachweisFehler(ch, 3000, null, '  ')).toEqual({ chargennr: 'chargennrFehlt' });
    expect(nachweisFehler(ch, 2500, null, 'CH-7')).toEqual({});
    expect(nachweisFehler({ istSeriennummernArtikel: true, istChargenArtikel: true }, 1000, null, null)).toEqual({
      seriennr: 'seriennrFehlt',
      chargennr: 'chargennrFehlt',
    });
  });
  it('other articles need neither', () => {
    expect(nachweisFehler({}, 2500, null, null)).toEqual({});
    expect(nachweisFehler({ istSeriennummernArtikel: false, istChargenArtikel: null }, 1000, 'X', null)).toEqual({});
  });
});
