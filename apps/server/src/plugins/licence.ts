import { BENUTZER_TYPEN_WEBAPP, type Endpoint, endpoints, MessageCode } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import { endpointOf } from '../lib/endpoint-of';
import { ApiError } from '../lib/errors';

/** Calls a user without the web app licence may still make: end the session and learn who they are (the web's check). */
const WITHOUT_LICENCE: ReadonlySet<Endpoint> = new Set<Endpoint>([endpoints.login, endpoints.loginCheck, endpoints.logout, endpoints.me]);

const licensed = new Set<number>(BENUTZER_TYPEN_WEBAPP);

/** HTTP-056: the refusal the web shows as "licence missing" (its messageCode is not KEINE_BERECHTIGUNG). */
export const noLicence = () =>
  new ApiError(403, MessageCode.noLicence, 'Für diesen Benutzertyp ist keine Lizenz für die Web-App vorhanden', { messageParameters: ['WEBAPP'] });

/**
 * APP-040 on the server: a user whose type has no web app licence (e.g. 9, interface) is refused on every call but
 * login, logout and /webapp/me — before, only the web checked it. Registered after the auth hook (it needs `req.user`).
 */
export function registerLicenceCheck(app: FastifyInstance) {
  app.addHook('onRequest', (req, _reply, done) => {
    const user = req.user;
    if (!user || licensed.has(user.typ)) return done();
    const e = endpointOf(req);
    if (!e || WITHOUT_LICENCE.has(e)) return done();
    done(noLicence());
  });
}
