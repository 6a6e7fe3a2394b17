import { Menu } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ALL_NAMESPACES } from '@/i18n/resources';
import { useUsageParameters } from '@/lib/reference-data';
import { type NewItemEntry, newItems } from '../areas';
import { useMe } from '../auth/session';
import { NewItemButton } from './NewItemButton';

/** The entry's path; on an address's record with the address as its query parameter (APP-051). */
export function newItemHref(item: NewItemEntry, pathname: string): string {
  const address = /^\/addresses\/(\d+)(\/|$)/.exec(pathname)?.[1];
  if (!item.addressParam || !address) return item.href;
  const [path, query = ''] = item.href.split('?');
  const params = new URLSearchParams(query);
  params.set(item.addressParam, address);
  return `${path}?${params}`;
}

/** "New item": only entries whose area exists and whose right the user holds; hidden when empty (APP-045..049). */
export function NewItemMenu({ defaultOpened }: { defaultOpened?: boolean }) {
  const { t } = useTranslation(ALL_NAMESPACES);
  const items = newItems(useMe().data, useUsageParameters().data);
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (r) => r.location.pathname });
  if (items.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <NewItemButton />
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item
            key={item.id}
            component="a"
            href={newItemHref(item, pathname)}
            onClick={(e) => {
              e.preventDefault();
              void navigate({ href: newItemHref(item, pathname) });
            }}
            leftSection={<item.icon size={16} />}
          >
            {t(item.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
