import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { hasRight } from '@/lib/rights';
import { usePositions } from '../api';
import { useDocumentFromRoute } from '../use-document';
import { PositionCard } from './PositionCard';
import { PositionViews } from './PositionsTab';

/** positions/all (BEL-005): every position with all its fields and price explanation, one card each (also on phones). */
export function AllPositions() {
  const { t } = useTranslation(['saleDocuments', 'app']);
  const { id } = useDocumentFromRoute();
  const positions = usePositions(id);
  const showEk = hasRight(useMe().data, 'ART_EK');
  return (
    <Stack gap="sm" data-testid="positions-all">
      <PositionViews active="all" />
      {positions.isLoading && (
        <Center p="lg">
          <Loader size="sm" />
        </Center>
      )}
      {positions.data?.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" p="lg">
          {t('app:common.noData')}
        </Text>
      )}
      {positions.data?.map((p) => (
        <PositionCard key={p.id} p={p} showEk={showEk} />
      ))}
    </Stack>
  );
}
