// Plain values shared by server and web, without zod: the web's first load imports only these from the contract.

/** Version of the web app, shown in the version display and compared with the database version. */
export const APP_VERSION = '8.5.19';
export const APP_BUILD_DATE = '05.07.24';
export const API_PREFIX = '/vario-api';

/** User types: 0 office, 1 warehouse, 2 technician, 3 sales, 9 interface (no web app licence). */
export const BENUTZER_TYPEN_WEBAPP = [0, 1, 2, 3] as const;

/** Message codes the server answers with; the web translates them. */
export const MessageCode = {
  validation: 'VALIDIERUNG_FEHLGESCHLAGEN',
  unauthorized: 'NICHT_ANGEMELDET',
  loginFailed: 'ANMELDUNG_FEHLGESCHLAGEN',
  userBlocked: 'BENUTZER_GESPERRT',
  forbidden: 'KEINE_BERECHTIGUNG',
  /** The user's type has no web app licence (HTTP-056): the web shows the licence notice. */
  noLicence: 'KEINE_LIZENZ',
  notFound: 'DATENSATZ_NICHT_GEFUNDEN',
  routeNotFound: 'PFAD_NICHT_GEFUNDEN',
  methodNotAllowed: 'METHODE_NICHT_ERLAUBT',
  conflict: 'KONFLIKT',
  unprocessable: 'NICHT_VERARBEITBAR',
  locked: 'DATENSATZ_GESPERRT',
  sessionInvalid: 'SITZUNG_UNGUELTIG',
  tooManyRequests: 'ZU_VIELE_ANFRAGEN',
  internal: 'INTERNER_FEHLER',
  maintenance: 'WARTUNG',
  unavailable: 'DIENST_NICHT_VERFUEGBAR',
  payloadTooLarge: 'ANFRAGE_ZU_GROSS',
} as const;
export type MessageCode = (typeof MessageCode)[keyof typeof MessageCode];
