import { Button } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The "new item" button of the header (the menu itself loads when it is opened). */
export function NewItemButton(props: ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <Button variant="light" leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />} visibleFrom="xs" {...props}>
      {t('header.newItem')}
    </Button>
  );
}
