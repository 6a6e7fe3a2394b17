import type { Icon } from '@tabler/icons-react';
import type { AnyRoute, LinkProps } from '@tanstack/react-router';
import type { Erinnerung, Lagerkreis, Me, Nutzungsparameter } from '@vario/contract';
import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import type { ALL_NAMESPACES, Namespace } from '@/i18n/resources';
import { hasAllRights } from '@/lib/rights';
import type { AppRoute } from './app-route';

export type RoutePath = NonNullable<LinkProps['to']>;
/** A translation key of any namespace, `ns:key` (the shared namespace's keys also without prefix). */
export type TextKey = ParseKeys<typeof ALL_NAMESPACES>;

/**
 * One entry of the left navigation and/or the home tiles. `order` is the position in the spec's navigation list
 * (3-cross-cutting §2: home 10, addresses 20, products 30, incoming invoices 40, sales documents 50, planning 60,
 * tasks 70, material 80, assets 90, storages 100, deals 110, tickets 120, open items 130, scanner 140, storage location
 * information 150, digital picklist 160, statistics 170, time tracking 180, settings 190, locks 195, logout 200).
 */
export interface MenuEntry {
  id: string;
  order: number;
  label: TextKey;
  icon: Icon;
  /** Route path of the entry's start screen. */
  to: RoutePath;
  rights?: readonly string[];
  adminOnly?: boolean;
  /** Only for users with a technician record (RIGHT-006). */
  technicianOnly?: boolean;
  /** With `technicianOnly`: also for users without a technician record who hold these rights (office planning). */
  orRights?: readonly string[];
  /** The usage parameter that switches the area on (APP-028); off hides the entry. */
  usage?: keyof Nutzungsparameter;
  /** A rule of its own over the user and the chosen storage region (the digital picklist, PICK-006). */
  visibleFor?: (me: Me, region: Lagerkreis | null) => boolean;
  /** Shown in the left navigation (switchable in settings). */
  nav?: boolean;
  /** Shown as a large tile on /home with this text (switchable in the dashboard settings). */
  tile?: TextKey;
  /** An expandable navigation group (storages, 3-cross-cutting §2). */
  children?: readonly { id: string; label: TextKey; to: RoutePath }[];
}

/** An entry of the header's "new item" menu, gated by its rights and its area's entry (APP-045..049). */
export interface NewItemEntry {
  id: string;
  order: number;
  label: TextKey;
  icon: Icon;
  /** The path it opens, e.g. `/addresses/new`. */
  href: string;
  rights: readonly string[];
  /** Opened on an address's record, the entry carries that address as this query parameter (APP-051: `id`). */
  addressParam?: string;
}

/**
 * Reminders of an area's records: their table code, the detail route of one record (REM-008) and the route groups (first
 * path segments) of the screens whose record a new reminder belongs to (REM-009; default: the detail route's group).
 */
export interface ReminderLink {
  tabelle: NonNullable<Erinnerung['tabelle']>;
  detail: (id: number) => string;
  groups?: readonly string[];
}

/** A section an area puts at the top of /home, for the users `show` accepts (e.g. a technician's jobs of today). */
export interface HomeSection {
  id: string;
  order: number;
  show: (me: Me) => boolean;
  /** Loaded on first use (React.lazy), so /home's first load carries none of the area's screens. */
  component: ComponentType;
}

/**
 * A dashboard widget of an area (STAT-002): shown on the area's own dashboard and on /home when switched on in the
 * dashboard settings (APP-086; every item on until switched off), for users holding its rights.
 */
export interface DashboardWidget {
  id: string;
  order: number;
  label: TextKey;
  rights?: readonly string[];
  /** Loaded on first use (React.lazy). */
  component: ComponentType;
  /** Takes the full width of the dashboard grid. */
  wide?: boolean;
}

/**
 * What an area plugs into the app (`features/<area>/area.ts`): its routes below the signed-in frame, its menu
 * entries, "new item" entries, reminder link and i18n namespace. `app/registry.ts` lists the areas, one line each; the
 * router (`app/router.tsx`) takes their routes from there. Declare it as `Area<ReturnType<typeof createXRoutes>>`: the
 * router keeps the routes' exact types.
 */
export interface Area<R extends readonly AnyRoute[] = readonly AnyRoute[]> {
  id: string;
  /** The area's i18n namespace (`features/<area>/i18n/{de,en,fr}.json`; its `index.ts` merges the texts' type). */
  ns?: Namespace;
  /** The area's routes below the signed-in frame (`[]` when it has none). */
  routes: (app: AppRoute) => R;
  entries?: readonly MenuEntry[];
  newItems?: readonly NewItemEntry[];
  reminder?: ReminderLink;
  home?: readonly HomeSection[];
  widgets?: readonly DashboardWidget[];
}

let registered: readonly Area[] = [];

/** Called once by `app/registry.ts`; screens read the areas through the functions below (no import of the features). */
export function registerAreas(areas: readonly Area[]) {
  registered = areas;
}

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
const entries = () => registered.flatMap((a) => a.entries ?? []).sort(byOrder);

export const mayOpen = (me: Me | undefined, entry: MenuEntry, usage?: Partial<Nutzungsparameter>, region: Lagerkreis | null = null) =>
  !!me &&
  (!entry.visibleFor || entry.visibleFor(me, region)) &&
  (!entry.usage || usage?.[entry.usage] !== false) &&
  (!entry.adminOnly || me.benutzer.istAdmin) &&
  (!entry.technicianOnly || !!me.techniker || (!!entry.orRights && hasAllRights(me, entry.orRights))) &&
  hasAllRights(me, entry.rights);

export const navEntries = () => entries().filter((e) => e.nav);
/** The sections at the top of /home for this user, in their order. */
export const homeSections = (me: Me | undefined) =>
  me
    ? registered
        .flatMap((a) => a.home ?? [])
        .filter((h) => h.show(me))
        .sort(byOrder)
    : [];
export const tileEntries = () => entries().filter((e) => e.tile);
/** The dashboard widgets this user may see, in their order (STAT-002). */
export const dashboardWidgets = (me: Me | undefined) =>
  me
    ? registered
        .flatMap((a) => a.widgets ?? [])
        .filter((w) => hasAllRights(me, w.rights))
        .sort(byOrder)
    : [];

/** "New item" entries the user may use: the area's entry may be opened and the item's rights are held. */
export const newItems = (me: Me | undefined, usage?: Partial<Nutzungsparameter>) =>
  registered
    .flatMap((a) => (a.newItems ?? []).filter((item) => (a.entries ?? []).every((e) => mayOpen(me, e, usage)) && hasAllRights(me, item.rights)))
    .sort(byOrder);

/** The detail route of a reminder's record, when its area exists (REM-008). */
export const reminderTarget = (tabelle: string | null, id: number | null) => {
  if (!tabelle || !id) return null;
  const link = registered.find((a) => a.reminder?.tabelle === tabelle)?.reminder;
  return link ? link.detail(id) : null;
};
