import { Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The reason a record cannot be edited (APP-057) or an action does not apply, as a tooltip over the disabled button
 * — wrapped to fit a phone, and shown on touch too; its own chunk (RecordPage).
 */
export function EditDisabledTip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip label={label} withArrow multiline maw="min(20rem, calc(100vw - 2rem))" events={{ hover: true, focus: true, touch: true }}>
      {children}
    </Tooltip>
  );
}
