import { Alert, Button, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api/client';
import { documentKeys } from '../api';
import { listParams } from './list-filter';

interface Props {
  /** The quick search as the list runs it (the URL's `q`). */
  q: string | undefined;
  types: readonly string[];
  statuses: readonly string[];
  adresseId: number | null;
  /** Shows every type and status (the search and the address stay). */
  onShowAll: () => void;
}

/**
 * Issue 20 item 1: the type and status filter (by default the pick-list's offers and orders in status 1–3, BEL-036)
 * stays, but a quick search that finds documents outside it says how many, with one click to show them — a number just
 * made (an invoice, a delivery note) is found instead of seeming to vanish. Two counts from the full-text index: with
 * and without the type and status filter.
 */
export function OtherMatchesHint({ q, types, statuses, adresseId, onShowAll }: Props) {
  const { t } = useTranslation('saleDocuments');
  // the list writes its search into the URL once typing pauses (DataGrid's debounce)
  const term = q?.trim() ?? '';
  const narrowed = types.length > 0 || statuses.length > 0;
  const count = useQuery({
    queryKey: documentKeys.list({ otherMatches: term, types, statuses, adresseId }),
    queryFn: async () => {
      const total = async (params: Record<string, string | number>) =>
        (await api('belegeList', { params: { ...params, q: term, limit: 1, returnTotal: 'true' } as never })).resultCount ?? 0;
      const [all, shown] = await Promise.all([total(listParams([], [], adresseId)), total(listParams(types, statuses, adresseId))]);
      return Math.max(0, all - shown);
    },
    enabled: !!term && narrowed,
    staleTime: 10_000,
  });
  const others = term && narrowed ? (count.data ?? 0) : 0;
  if (!others) return null;
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} py="xs" mb="sm" data-testid="other-matches">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t('otherMatches.text', { count: others })}</Text>
        <Button size="xs" variant="light" onClick={onShowAll} data-testid="other-matches-show">
          {t('otherMatches.show')}
        </Button>
      </Group>
    </Alert>
  );
}
