import { ActionIcon, Checkbox, Menu, Tooltip } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import type { ColDef, GridApi } from 'ag-grid-community';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Shows and hides the grid's columns (ADR-002: name3 and the other hidden index columns can be shown). The choice
 * lasts while the list is open; a column's `hide` in the definitions is the default.
 */
export function ColumnMenu<T>({ columns, api, defaultOpened }: { columns: readonly ColDef<T>[]; api: () => GridApi<T> | null; defaultOpened?: boolean }) {
  const { t } = useTranslation();
  const [, rerender] = useState(0);
  const named = columns.filter((c): c is ColDef<T> & { field: string } => typeof c.field === 'string' && !!c.headerName);
  const visible = (field: string) => api()?.getColumn(field)?.isVisible() ?? !named.find((c) => c.field === field)?.hide;
  return (
    <Menu position="bottom-end" closeOnItemClick={false} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <Tooltip label={t('grid.columns')}>
          <ActionIcon variant="default" size="lg" aria-label={t('grid.columns')} data-testid="grid-columns">
            <IconColumns3 size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {named.map((c) => (
          <Menu.Item key={c.field} component="div">
            <Checkbox
              label={c.headerName}
              checked={visible(c.field)}
              onChange={(e) => {
                api()?.setColumnsVisible([c.field], e.currentTarget.checked);
                rerender((n) => n + 1);
              }}
              data-testid={`grid-column-${c.field}`}
            />
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
