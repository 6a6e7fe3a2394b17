import { single } from './common';
import { endpoint } from './endpoint';
import { nutzungsparameter, zeiterfassungParameter } from './referenz';

/** Reference data the client holds besides the base data (APP-028). */
export const referenzEndpoints = {
  nutzungsparameter: endpoint({
    method: 'GET',
    path: '/webapp/nutzungsparameter',
    summary: 'Usage parameters: which optional parts (deals, tickets, service, time tracking) this installation uses',
    tag: 'webapp',
    rightsNote: 'Reference data every signed-in user needs to show or hide parts of the app (no business records)',
    response: single(nutzungsparameter),
  }),
  zeiterfassungParameter: endpoint({
    method: 'GET',
    path: '/stammdaten/zeiterfassung/parameter',
    summary: 'Time-tracking parameters: regular working minutes per weekday (Monday first), rounding step and direction',
    tag: 'stammdaten',
    rightsNote: 'Reference data every signed-in user may read',
    response: single(zeiterfassungParameter),
  }),
} as const;
