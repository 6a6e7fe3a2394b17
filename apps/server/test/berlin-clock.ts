import { vi } from 'vitest';
import { berlinZuUtc, heute, plusTage } from '../src/lib/berlin-time';

/**
 * The field service's typed times are times of day (HH:mm) on the day of the step's moment, so a test that types
 * "40 minutes ago" as HH:mm wraps past midnight when it runs shortly after Berlin midnight. Such a file runs its clock
 * (`Date` only; timers stay real) from the latest Berlin noon that is not in the future, ticking on in real time: every
 * time of the tests (hours back, a day ahead) then lies where it would at midday, whenever the suite runs. The server
 * under test runs in the same process (fastify.inject), so it reads the same clock.
 */
export function uhrAbBerlinerMittag() {
  const jetzt = Date.now();
  let mittag = Date.parse(berlinZuUtc(heute(new Date(jetzt)), '12:00'));
  if (mittag > jetzt) mittag = Date.parse(berlinZuUtc(plusTage(heute(new Date(jetzt)), -1), '12:00'));
  vi.useFakeTimers({ toFake: ['Date'], now: mittag, shouldAdvanceTime: true });
}
