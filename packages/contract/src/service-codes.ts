import type { serviceAktionDaten } from './service';

/**
 * The codes of the field service, without zod (the web's screens and the device's rules import them without loading
 * the schemas): task and material status codes the server sets, the material booking kinds and their quantity fields.
 */

/** Task status codes the server sets (the dictionary holds their texts; colours as §4). */
export const AUFTRAGSSTATUS = {
  neu: '00',
  disponiert: '01',
  angenommen: '02',
  reiseGestartet: '03',
  vorOrt: '04',
  inArbeit: '05',
  telefonischErledigt: '06',
  arbeitUnterbrochen: '07',
  dienstende: '08',
  zurueckgegeben: '09',
  abgelehnt: '10',
  wiederOffen: '11',
  abgeschlossen: '12',
  zurueckgestellt: '19',
  zurueckgestelltOhneTermin: '21',
  storniert: '90',
} as const;
/** Material status codes the server sets (the status tables with names and colours: service-status.ts). */
export const MATERIALSTATUS = {
  angefordert: '10',
  nichtLieferbar: '13',
  reserviert: '15',
  inUmlagerung: '17',
  umgelagert: '25',
  teilweiseBestaetigt: '27',
  bestaetigt: '19',
  verbucht: '29',
} as const;
/** Material booking kinds (SVC-014) and the quantity field of the transfer line each one counts in. */
export const MATERIAL_MENGENFELD = {
  eingebaut: 'mengeEingebaut',
  doa: 'mengeDoa',
  gutteilretoure: 'mengeGutteilretoure',
  defektVerkauft: 'mengeDefektVerkauft',
  defektEingelagert: 'mengeDefektEingelagert',
} as const;
export type Materialbuchungsart = keyof typeof MATERIAL_MENGENFELD;
export const MATERIALBUCHUNGSARTEN = Object.keys(MATERIAL_MENGENFELD) as [Materialbuchungsart, ...Materialbuchungsart[]];

/** The ids a step targets, in the order of its online call's path parameters (`:id`, then `:subId`). */
export const SERVICE_SCHRITT_IDS = ['planungId', 'auftragId', 'materialId', 'eintragId'] as const;
export type ServiceSchrittId = (typeof SERVICE_SCHRITT_IDS)[number];
/** The ids of a step (those its kind names are needed). */
export type ServiceSchrittIds = Partial<Record<ServiceSchrittId, number>>;

/**
 * The step kinds of the field service (the sync action kinds), each with its online call (the endpoint's name in
 * `endpoints`), the schema of its `data` (by its name in serviceAktionDaten), the ids it targets (in path order), whether its call sends a body
 * and its human name (de/en/fr: the review list, the server's messages that name a step). The
 * server's dispatch (service.sync.ts) and the web's queue and online calls derive their maps from this one table.
 */
export const SERVICE_SCHRITTARTEN = {
  annehmen: { endpoint: 'servicePlanungAnnehmen', daten: 'annehmen', ids: ['planungId'], body: true, name: { de: 'Annehmen', en: 'Accept', fr: 'Accepter' } },
  ablehnen: { endpoint: 'servicePlanungAblehnen', daten: 'ablehnen', ids: ['planungId'], body: true, name: { de: 'Ablehnen', en: 'Reject', fr: 'Refuser' } },
  zurueckgeben: {
    endpoint: 'servicePlanungZurueckgeben',
    daten: 'zurueckgeben',
    ids: ['planungId'],
    body: true,
    name: { de: 'Zurückgeben', en: 'Return', fr: 'Rendre' },
  },
  zurueckstellen: {
    endpoint: 'servicePlanungZurueckstellen',
    daten: 'zurueckstellen',
    ids: ['planungId'],
    body: true,
    name: { de: 'Zurückstellen', en: 'Suspend', fr: 'Reporter' },
  },
  dienstende: {
    endpoint: 'servicePlanungDienstende',
    daten: 'dienstende',
    ids: ['planungId'],
    body: true,
    name: { de: 'Dienstende', en: 'End of duty', fr: 'Fin de service' },
  },
  telefonischErledigt: {
    endpoint: 'servicePlanungTelefonischErledigt',
    daten: 'telefonischErledigt',
    ids: ['planungId'],
    body: true,
    name: { de: 'Telefonisch erledigt', en: 'Completed by phone', fr: 'Réglé par téléphone' },
  },
  reisebeginn: {
    endpoint: 'servicePlanungReisebeginn',
    daten: 'reisebeginn',
    ids: ['planungId'],
    body: true,
    name: { de: 'Reisebeginn', en: 'Travel start', fr: 'Début du trajet' },
  },
  ankunft: { endpoint: 'servicePlanungAnkunft', daten: 'ankunft', ids: ['planungId'], body: true, name: { de: 'Ankunft', en: 'Arrival', fr: 'Arrivée' } },
  ankunftKorrigieren: {
    endpoint: 'servicePlanungAnkunftKorrigieren',
    daten: 'ankunftKorrigieren',
    ids: ['planungId'],
    body: true,
    name: { de: 'Ankunft korrigieren', en: 'Correct arrival', fr: 'Corriger l’arrivée' },
  },
  zeitStart: {
    endpoint: 'servicePlanungZeitStart',
    daten: 'zeitStart',
    ids: ['planungId'],
    body: true,
    name: { de: 'Zeit starten', en: 'Start time', fr: 'Démarrer le temps' },
  },
  zeitStopp: {
    endpoint: 'servicePlanungZeitStopp',
    daten: 'zeitStopp',
    ids: ['planungId'],
    body: true,
    name: { de: 'Zeit stoppen', en: 'Stop time', fr: 'Arrêter le temps' },
  },
  serviceZeit: {
    endpoint: 'servicePlanungServiceZeit',
    daten: 'serviceZeit',
    ids: ['planungId'],
    body: true,
    name: { de: 'Servicezeit', en: 'Service time', fr: 'Temps de service' },
  },
  materialBuchung: {
    endpoint: 'serviceMaterialBuchen',
    daten: 'materialBuchung',
    ids: ['auftragId', 'materialId'],
    body: true,
    name: { de: 'Materialbuchung', en: 'Material booking', fr: 'Comptabilisation du matériel' },
  },
  rueckbuchung: {
    endpoint: 'serviceMaterialRueckbuchung',
    daten: 'rueckbuchung',
    ids: ['auftragId', 'materialId'],
    body: true,
    name: { de: 'Rückbuchung', en: 'Return booking', fr: 'Retour de matériel' },
  },
  materialBestaetigen: {
    endpoint: 'serviceMaterialBestaetigen',
    daten: 'materialBestaetigen',
    ids: ['materialId'],
    body: true,
    name: { de: 'Material bestätigen', en: 'Confirm material', fr: 'Confirmer le matériel' },
  },
  nachbuchung: {
    endpoint: 'serviceNachbuchungCreate',
    daten: 'nachbuchung',
    ids: [],
    body: true,
    name: { de: 'Nachbuchung', en: 'Subsequent booking', fr: 'Saisie ultérieure' },
  },
  mehraufwandNeu: {
    endpoint: 'serviceMehraufwandCreate',
    daten: 'mehraufwand',
    ids: ['auftragId'],
    body: true,
    name: { de: 'Mehraufwand', en: 'Additional work', fr: 'Travail supplémentaire' },
  },
  mehraufwandAendern: {
    endpoint: 'serviceMehraufwandUpdate',
    daten: 'mehraufwand',
    ids: ['auftragId', 'eintragId'],
    body: true,
    name: { de: 'Mehraufwand ändern', en: 'Change additional work', fr: 'Modifier le travail supplémentaire' },
  },
  mehraufwandLoeschen: {
    endpoint: 'serviceMehraufwandDelete',
    daten: 'mehraufwandLoeschen',
    ids: ['auftragId', 'eintragId'],
    body: false,
    name: { de: 'Mehraufwand löschen', en: 'Delete additional work', fr: 'Supprimer le travail supplémentaire' },
  },
  unterschrift: {
    endpoint: 'serviceUnterschriftSet',
    daten: 'unterschrift',
    ids: ['auftragId'],
    body: true,
    name: { de: 'Unterschrift', en: 'Signature', fr: 'Signature' },
  },
  abschluss: { endpoint: 'serviceAbschluss', daten: 'abschluss', ids: ['auftragId'], body: true, name: { de: 'Abschluss', en: 'Completion', fr: 'Clôture' } },
  kalenderNeu: {
    endpoint: 'serviceKalendereintragCreate',
    daten: 'kalendereintrag',
    ids: [],
    body: true,
    name: { de: 'Kalendereintrag', en: 'Calendar entry', fr: 'Entrée d’agenda' },
  },
  kalenderAendern: {
    endpoint: 'serviceKalendereintragUpdate',
    daten: 'kalendereintrag',
    ids: ['eintragId'],
    body: true,
    name: { de: 'Kalendereintrag ändern', en: 'Change calendar entry', fr: 'Modifier l’entrée d’agenda' },
  },
  kalenderLoeschen: {
    endpoint: 'serviceKalendereintragDelete',
    daten: 'kalendereintragLoeschen',
    ids: ['eintragId'],
    body: false,
    name: { de: 'Kalendereintrag löschen', en: 'Delete calendar entry', fr: 'Supprimer l’entrée d’agenda' },
  },
} as const satisfies Record<
  string,
  { endpoint: string; daten: keyof typeof serviceAktionDaten; ids: readonly ServiceSchrittId[]; body: boolean; name: { de: string; en: string; fr: string } }
>;
/** The sync action kinds (the keys of SERVICE_SCHRITTARTEN). */
export const SERVICE_AKTIONEN = SERVICE_SCHRITTARTEN;
export type ServiceAktionArt = keyof typeof SERVICE_SCHRITTARTEN;
