import { ActionIcon, Checkbox, Menu, Tooltip } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnChooserProps, columnId } from './columns';

/**
 * Shows and hides the grid's columns (ADR-002: name3 and the other hidden index columns can be shown). The choice
 * is saved in the user's preset of the list; a column's `hide` in the definitions is the default.
 */
export function ColumnMenu<T>({ columns, visible, onChange, defaultOpened }: ColumnChooserProps<T> & { defaultOpened?: boolean }) {
  const { t } = useTranslation();
  // the box follows the click in the same frame (the preset reaches the grid a task later, through the query cache)
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const named = columns.flatMap((c) => {
    const id = columnId(c);
    return id && c.headerName ? [{ id, label: c.headerName }] : [];
  });
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
          <Menu.Item key={c.id} component="div">
            <Checkbox
              label={c.label}
              checked={ticked[c.id] ?? visible(c.id)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setTicked((m) => ({ ...m, [c.id]: on }));
                onChange(c.id, on);
              }}
              data-testid={`grid-column-${c.id}`}
            />
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
