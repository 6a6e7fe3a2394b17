import { describe, expect, it } from 'vitest';
import { reminderSource } from '@/features/reminders/source';
import { AREAS } from './registry';
import { router } from './router';

/** Adding an area is one line in `AREAS`: the router, the menus and the reminders follow from its entry. */
describe('area registry', () => {
  const routeOf = (pathname: string) => router.matchRoutes(pathname, {}).at(-1)?.routeId;

  it('the router holds the routes of every area: each menu entry opens one of them', () => {
    expect(routeOf('/no-such-screen')).toBe('__root__');
    for (const area of AREAS) {
      for (const entry of area.entries ?? []) {
        for (const to of [entry.to, ...(entry.children ?? []).map((c) => c.to)]) expect(routeOf(to), `${area.id}: ${to}`).not.toBe('__root__');
      }
    }
  });

  it("a reminder link opens its record's route, and a reminder made there points back to that record", () => {
    const links = AREAS.flatMap((area) => (area.reminder ? [area.reminder] : []));
    expect(links.map((l) => l.tabelle).sort()).toEqual(['ADR', 'ART', 'BEK', 'DEALS', 'OPV', 'TKT']);
    for (const link of links) {
      expect(routeOf(link.detail(7)), link.tabelle).not.toBe('__root__');
      expect(reminderSource(link.detail(7))).toEqual({ tabelle: link.tabelle, tabelleId: 7 });
    }
  });
});
