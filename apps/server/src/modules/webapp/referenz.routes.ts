import { endpoints } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/resource';
import { route } from '../../lib/route';
import { ladeNutzungsparameter, ladeZeiterfassungParameter } from './referenz.service';

/** Reference data the client holds besides the base data (APP-028): usage and time-tracking parameters. */
export function referenzRoutes(app: FastifyInstance, { db }: Ctx) {
  route(app, endpoints.nutzungsparameter, async () => ({ result: await ladeNutzungsparameter(db) }));
  route(app, endpoints.zeiterfassungParameter, async () => ({ result: await ladeZeiterfassungParameter(db) }));
}
