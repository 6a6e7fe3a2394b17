import { Menu } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ALL_NAMESPACES } from '@/i18n/resources';
import { newItems } from '../areas';
import { useMe } from '../auth/session';
import { NewItemButton } from './NewItemButton';

/** "New item": only entries whose area exists and whose right the user holds; hidden when empty (APP-045..049). */
export function NewItemMenu({ defaultOpened }: { defaultOpened?: boolean }) {
  const { t } = useTranslation(ALL_NAMESPACES);
  const items = newItems(useMe().data);
  const navigate = useNavigate();
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
            href={item.href}
            onClick={(e) => {
              e.preventDefault();
              void navigate({ href: item.href });
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
