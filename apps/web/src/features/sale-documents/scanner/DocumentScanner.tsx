import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconChevronLeft, IconPlus } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { CameraCard } from '@/features/scanner/CameraCard';
import { lookupProduct } from '@/features/scanner/lookup';
import { ScanEntryCard, type ScanProblem } from '@/features/scanner/ScanEntryCard';
import { useBarcodeCamera } from '@/features/scanner/use-barcode-camera';
import { useScan } from '@/features/scanner/use-scan';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { addPosition, type Position } from '../api';
import { mayChange } from '../detail/SaleDocumentRecordPage';
import { isEditableStatus } from '../labels';
import { useDocumentFromRoute } from '../use-document';

/**
 * /saleDocument/{id}/scanner (BEL-003): the scanner feature's camera and decoder; each code found by EAN or article
 * number is added to the document as a position with quantity 1 (price determined by the server). A typed code
 * serves devices without a camera.
 */
export function DocumentScanner() {
  const { t } = useTranslation(['saleDocuments', 'scanner']);
  const { id, doc } = useDocumentFromRoute();
  const me = useMe().data;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const positionsPath = pathname.replace(/\/scanner$/, '/positions');
  const canEdit = !!doc && isEditableStatus(doc.belegstatus) && mayChange(me, doc);
  const video = useRef<HTMLVideoElement>(null);
  const [added, setAdded] = useState<Position[]>([]);
  const [problem, setProblem] = useState<ScanProblem | null>(null);

  // one code at a time; the camera's repeats of the same code are dropped, a typed code is added again (useScan)
  const { busy, scan, typed } = useScan(async (code) => {
    if (!id) return;
    try {
      const found = await lookupProduct(code);
      if (found.kind !== 'found') {
        setProblem({ code, kind: found.kind });
        return;
      }
      setProblem(null);
      const p = await addPosition(id, { artikelId: found.id, menge: 1 });
      setAdded((cur) => [p, ...cur].slice(0, 10));
      notifySuccess(t('scanner.added', { article: `${p.artikelnummer ?? ''} ${p.bezeichnung}`.trim() }));
    } catch (e) {
      handleApiError(e);
    }
  });

  const camera = useBarcodeCamera(video, canEdit, (code) => void scan(code));
  const back = (
    <Anchor component={Link} to={positionsPath} size="sm" data-testid="scanner-back">
      <Group gap={2}>
        <IconChevronLeft size={14} />
        {t('positions.back')}
      </Group>
    </Anchor>
  );
  if (doc && !canEdit)
    return (
      <Stack gap="sm">
        {back}
        <Alert color="gray">{t('notEditable')}</Alert>
      </Stack>
    );

  return (
    <Stack gap="sm" data-testid="document-scanner">
      {back}
      <Title order={2} size="h4">
        {t('scanner.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('scanner.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CameraCard video={video} camera={camera} />
        <Stack gap="md">
          <ScanEntryCard
            busy={busy}
            onCode={(code) => void typed(code)}
            submit={{ label: t('positions.addShort'), icon: <IconPlus size={16} />, testId: 'scanner-add' }}
            problem={problem}
            onCloseProblem={() => setProblem(null)}
          />
          {added.length > 0 && (
            <Card withBorder radius="md" padding="sm" data-testid="scanner-added">
              <Text size="sm" fw={600} mb={4}>
                {t('scanner.lastAdded')}
              </Text>
              {added.map((p) => (
                <Group key={p.id} gap="xs" wrap="nowrap">
                  <IconCheck size={14} color="var(--mantine-color-green-6)" />
                  <Text size="sm" data-testid="scanner-added-line">
                    {p.position}. {p.artikelnummer} · {p.bezeichnung}
                  </Text>
                </Group>
              ))}
            </Card>
          )}
          <Button component={Link} to={positionsPath} variant="light" data-testid="scanner-done">
            {t('scanner.done')}
          </Button>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
