import type { Icon } from '@tabler/icons-react';
import {
  IconAddressBook,
  IconBarcode,
  IconBuildingWarehouse,
  IconDevices,
  IconHome,
  IconLock,
  IconLogout,
  IconPackage,
  IconPackages,
  IconSettings,
} from '@tabler/icons-react';
import type { LinkProps } from '@tanstack/react-router';
import type { Me } from '@vario/contract';
import { hasAllRights } from '@/lib/rights';

type NavLabel =
  | 'nav.home'
  | 'nav.settings'
  | 'nav.logout'
  | 'nav.locks'
  | 'nav.addresses'
  | 'nav.newAddress'
  | 'nav.products'
  | 'nav.newProduct'
  | 'nav.assets'
  | 'nav.newAsset'
  | 'nav.storages'
  | 'nav.serviceStorage'
  | 'nav.serviceStorageDoa'
  | 'nav.serviceStorageFaulty'
  | 'nav.scanner'
  | 'nav.storageLocationInformation';
type TileText = 'tiles.settings' | 'tiles.locks' | 'tiles.addresses' | 'tiles.products' | 'tiles.assets' | 'tiles.scanner' | 'tiles.storageLocationInformation';

/**
 * The areas of the app. Navigation (in the order of 3-cross-cutting §2), home tiles, the "new item" menu,
 * dashboard switches and reminder links are all built from this list: a new area is one entry here.
 */
export interface Area {
  id: string;
  label: NavLabel;
  icon: Icon;
  /** Route path of the area's start screen. */
  to: NonNullable<LinkProps['to']>;
  rights?: readonly string[];
  adminOnly?: boolean;
  /** Shown in the left navigation (switchable in settings). */
  nav?: boolean;
  /** Shown as a large tile on /home (switchable in the dashboard settings). */
  tile?: TileText;
  /** The "new item" entry of the header, gated by its rights. */
  newItem?: { label: NavLabel; to: NonNullable<LinkProps['to']>; rights: readonly string[] };
  /** Reminder target table and the detail route of one record (REM-008). */
  reminder?: { tabelle: string; detail: (id: number) => string };
  /** Only for users with a technician record (RIGHT-006). */
  technicianOnly?: boolean;
  /** An expandable navigation group (storages, 3-cross-cutting §2). */
  children?: readonly { id: string; label: NavLabel; to: NonNullable<LinkProps['to']> }[];
}

export const AREAS: readonly Area[] = [
  { id: 'home', label: 'nav.home', icon: IconHome, to: '/home', nav: true },
  {
    id: 'addresses',
    label: 'nav.addresses',
    icon: IconAddressBook,
    to: '/addresses',
    rights: ['ADR_SEHEN'],
    nav: true,
    tile: 'tiles.addresses',
    newItem: { label: 'nav.newAddress', to: '/addresses/new' as string as NonNullable<LinkProps['to']>, rights: ['ADR_AENDERN'] },
    reminder: { tabelle: 'ADR', detail: (id) => `/addresses/${id}` },
  },
  {
    id: 'products',
    label: 'nav.products',
    icon: IconPackage,
    to: '/products',
    rights: ['ART_SEHEN'],
    nav: true,
    tile: 'tiles.products',
    newItem: { label: 'nav.newProduct', to: '/products/new' as string as NonNullable<LinkProps['to']>, rights: ['ART_AENDERN'] },
    reminder: { tabelle: 'ART', detail: (id) => `/products/${id}` },
  },
  {
    id: 'assets',
    label: 'nav.assets',
    icon: IconDevices,
    to: '/assets',
    rights: ['ASS_SEHEN'],
    nav: true,
    tile: 'tiles.assets',
    newItem: { label: 'nav.newAsset', to: '/assets/new' as string as NonNullable<LinkProps['to']>, rights: ['ASS_AENDERN'] },
  },
  {
    id: 'storages',
    label: 'nav.storages',
    icon: IconPackages,
    to: '/storages',
    nav: true,
    technicianOnly: true,
    children: [
      { id: 'serviceStorage', label: 'nav.serviceStorage', to: '/storages/serviceStorage' },
      { id: 'serviceStorageDoa', label: 'nav.serviceStorageDoa', to: '/storages/serviceStorageDoa' },
      { id: 'serviceStorageFaulty', label: 'nav.serviceStorageFaulty', to: '/storages/serviceStorageFaulty' },
    ],
  },
  { id: 'scanner', label: 'nav.scanner', icon: IconBarcode, to: '/scanner', rights: ['ART_SEHEN'], nav: true, tile: 'tiles.scanner' },
  {
    id: 'storageLocationInformation',
    label: 'nav.storageLocationInformation',
    icon: IconBuildingWarehouse,
    to: '/storageLocationInformation',
    rights: ['LAG_SEHEN'],
    nav: true,
    tile: 'tiles.storageLocationInformation',
  },
  { id: 'settings', label: 'nav.settings', icon: IconSettings, to: '/settings', nav: true, tile: 'tiles.settings' },
  { id: 'locks', label: 'nav.locks', icon: IconLock, to: '/system/locks', adminOnly: true, tile: 'tiles.locks' },
  { id: 'logout', label: 'nav.logout', icon: IconLogout, to: '/logout', nav: true },
];

export const mayOpen = (me: Me | undefined, area: Area) =>
  !!me && (!area.adminOnly || me.benutzer.istAdmin) && (!area.technicianOnly || !!me.techniker) && hasAllRights(me, area.rights);

export const navAreas = () => AREAS.filter((a) => a.nav);
export const tileAreas = () => AREAS.filter((a) => a.tile);

export const newItems = (me: Me | undefined) =>
  AREAS.flatMap((a) => (a.newItem && mayOpen(me, a) && hasAllRights(me, a.newItem.rights) ? [{ area: a, ...a.newItem }] : []));

/** The detail route of a reminder's record, when its area exists (REM-008). */
export const reminderTarget = (tabelle: string | null, id: number | null) => {
  if (!tabelle || !id) return null;
  const area = AREAS.find((a) => a.reminder?.tabelle === tabelle);
  return area?.reminder ? area.reminder.detail(id) : null;
};

/** Item switches: shown when enabled, or when the user never switched a new item off (APP-078, APP-096). */
export interface ItemSettings {
  enabledItems: string[];
  disabledItems?: string[];
}
export const itemEnabled = (s: ItemSettings, id: string) => s.enabledItems.includes(id) || !(s.disabledItems ?? []).includes(id);
export const toggleItem = (s: ItemSettings, id: string, on: boolean): ItemSettings => ({
  ...s,
  enabledItems: on ? [...new Set([...s.enabledItems, id])] : s.enabledItems.filter((x) => x !== id),
  disabledItems: on ? (s.disabledItems ?? []).filter((x) => x !== id) : [...new Set([...(s.disabledItems ?? []), id])],
});
