import { Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** The reason a record cannot be edited, as a tooltip over the disabled button (APP-057); its own chunk (RecordPage). */
export function EditDisabledTip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip label={label} withArrow>
      {children}
    </Tooltip>
  );
}
