import { useNavigate, useParams, useRouterState, useSearch } from '@tanstack/react-router';
import { createElement, type ReactNode } from 'react';
import type { BackRouteSearch } from './back-link';
import { isInvalidRecordId } from './RecordNotFound';
import type { RecordTab } from './RecordPage';
import { mountedBackLink, useRouteMount } from './route-mount';

export interface RecordRouteConfig<T extends string = string> {
  /** The list route of the area on its own, e.g. `/addresses`; records live at `{listPath}/{id}/{tab}`. A route set
   * mounted below another record (`route-mount.ts`) uses its mount's list path and back link instead. */
  listPath: string;
  /** Label of the default back link (the list). */
  backLabel: string;
  /** The tabs in their order, with their labels; `visible` hides tabs that do not apply to the record. */
  tabs: readonly T[];
  tabLabel: (tab: T) => string;
  visible?: (tab: T) => boolean;
  /** Tabs that stay open in edit mode (default masterdata); starting edit mode elsewhere switches to the first, the only tab of a new record. */
  editTabs?: readonly T[];
}

/**
 * The route wiring every record page shares (ADR-005, ADR-011, ADR-012): id or `new` from the path, the back link from
 * `backRoute*` (default the list), the tab bar from the path, and the navigation the record editor triggers after
 * create, remove, discard and edit start. Each area passes its list path and tabs; the search (back link) is kept on
 * every tab change.
 */
export function useRecordRoute<T extends string>(c: RecordRouteConfig<T>, idParam: string) {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as BackRouteSearch;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { id, isNew } = parseRecordId(idParam);
  const mount = useRouteMount({ listPath: c.listPath, idParam: 'id', back: null });
  const listPath = mount.listPath;
  const back = mountedBackLink(search, mount, { label: c.backLabel });
  const basePath = `${listPath}/${idParam}`;
  const editTabs: readonly string[] = c.editTabs ?? ['masterdata'];
  const editTab = editTabs[0] ?? 'masterdata';

  const goTab = (recordId: string, tab: string, replace = false) => void navigate({ to: `${listPath}/${recordId}/${tab}`, search, replace });

  const tabs: RecordTab[] = c.tabs
    .filter((tab) => c.visible?.(tab) ?? true)
    .map((tab) => ({ id: tab, label: c.tabLabel(tab), disabled: isNew && tab !== editTab }));
  const activeTab = tabs.find((tab) => pathname === `${basePath}/${tab.id}` || pathname.startsWith(`${basePath}/${tab.id}/`))?.id ?? null;

  const onTabChange = (tab: string) => goTab(idParam, tab);
  return {
    id,
    isNew,
    back,
    basePath,
    tabs,
    activeTab,
    onTabChange,
    /** The props of `RecordPage` this hook decides: `<RecordPage {...route.page} …>`. */
    page: { back, tabs, activeTab, onTabChange, notFound: isInvalidRecordId(idParam) },
    /** The navigation hooks for useRecordEditor. */
    editorRoutes: {
      basePath,
      onCreated: (newId: number) => goTab(String(newId), editTab, true),
      onRemoved: () => void navigate({ to: back.to }),
      onDiscardNew: () => void navigate({ to: back.to }),
      onEditStart: () => {
        if (!editTabs.some((tab) => pathname.endsWith(`/${tab}`))) goTab(idParam, editTab);
      },
    },
  };
}

/** The record id of the current route, as a string (`new` for a new record); pages key their record by it. */
export function useRecordIdParam(): string {
  const mount = useRouteMount({ listPath: '', idParam: 'id', back: null });
  return (useParams({ strict: false }) as Record<string, string>)[mount.idParam] ?? 'new';
}

/** A record screen keyed by its id parameter: another record (or `new`) mounts afresh, with its own editor state. */
export function keyedByRecordId(Record: (props: { idParam: string }) => ReactNode) {
  return function KeyedRecord() {
    const idParam = useRecordIdParam();
    return createElement(Record, { key: idParam, idParam });
  };
}

/** `new` or a record id from the path; anything but a positive whole number is no id (`/assets/abc` requests nothing). */
export const parseRecordId = (idParam: string) => ({ isNew: idParam === 'new', id: isInvalidRecordId(idParam) || idParam === 'new' ? null : Number(idParam) });
