import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusLabel, useStatusTexts } from '../api';
import { materialStatusColor, statusCssColor, statusTextColor, taskStatusColor } from '../status-colors';

/** A task status (art A) or material status (art M) in its §4 colour, with the dictionary's text (SVC-011, SVC-030..037). */
export function StatusBadge({ status, art, ...rest }: { status: string | null | undefined; art: 'A' | 'M' } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation('service');
  const texts = useStatusTexts();
  if (!status) return null;
  const text = texts.get(`${art}:${status}`);
  const color = art === 'A' ? taskStatusColor(status) : materialStatusColor(status);
  return (
    <Badge
      color={statusCssColor(color)}
      c={statusTextColor(color)}
      variant="filled"
      size="lg"
      radius="sm"
      {...rest}
      aria-label={`${art === 'A' ? t('task.status') : t('task.materialStatus')}: ${status}${text ? ` ${text}` : ''}`}
      data-testid={art === 'A' ? 'task-status' : 'material-status'}
      data-color={color}
      styles={{ label: { textTransform: 'none' } }}
    >
      {statusLabel(texts, art, status)}
    </Badge>
  );
}
