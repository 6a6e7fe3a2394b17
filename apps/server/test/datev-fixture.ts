import type { DatevEinstellungenEingabe } from '@vario/contract';

/**
 * The DATEV settings the tests export with (the API test datev.test.ts and the e2e outbox.spec.ts): SKR03, four-digit
 * accounts, debtors from 10000, revenue accounts for 19 %, 7 % and 0 %.
 */
export const DATEV_EINSTELLUNGEN = {
  beraternummer: 29098,
  mandantennummer: 55003,
  kontenrahmen: 'SKR03',
  sachkontenlaenge: 4,
  debitorRegel: 'basisPlusLaufnummer',
  debitorBasis: 10000,
  konten: {
    erloese: [
      { satz: 1900, konto: '8400', buSchluessel: null },
      { satz: 700, konto: '8300', buSchluessel: null },
      { satz: 0, konto: '8120', buSchluessel: null },
    ],
    bank: '1200',
    kasse: '1000',
    skonto: '8736',
  },
} satisfies DatevEinstellungenEingabe;
