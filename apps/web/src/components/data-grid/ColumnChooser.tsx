import { ActionIcon } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnIntent } from '@/components/on-intent';
import type { ColDef, ColumnChooserProps } from './columns';

const loadMenu = () => import('./ColumnMenu');
const ColumnMenu = lazy(() => loadMenu().then((m) => ({ default: m.ColumnMenu })));

/**
 * The column chooser's button at once; its menu (Menu, Tooltip and the positioning library they bring) loads when the
 * user reaches for it, so a list's first load carries none of it.
 */
export function ColumnChooser<T>({ columns, visible, onChange }: ColumnChooserProps<T>) {
  const { t } = useTranslation();
  const { open, intent } = useOnIntent(loadMenu);
  const button = (
    <ActionIcon variant="default" size="lg" aria-label={t('grid.columns')} title={t('grid.columns')} data-testid="grid-columns" {...intent}>
      <IconColumns3 size={18} />
    </ActionIcon>
  );
  if (!open) return button;
  return (
    <Suspense fallback={button}>
      <ColumnMenu columns={columns as readonly ColDef<unknown>[]} visible={visible} onChange={onChange} defaultOpened />
    </Suspense>
  );
}
