import { SimpleGrid, Stack } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { handleApiError } from '@/lib/api/error-handler';
import { CameraCard } from './CameraCard';
import { lookupProduct } from './lookup';
import { ScanEntryCard, type ScanProblem } from './ScanEntryCard';
import { useBarcodeCamera } from './use-barcode-camera';
import { useScan } from './use-scan';

/**
 * /scanner: the rear camera decodes EAN, Code 128 and UPC; the code opens the product found by EAN or article number.
 * A typed entry serves devices without a camera or without permission (SCAN-001..006).
 */
export function ScannerPage() {
  const { t } = useTranslation('scanner');
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<ScanProblem | null>(null);

  const { busy, scan, typed } = useScan(async (code) => {
    try {
      const result = await lookupProduct(code);
      if (result.kind === 'found') {
        void navigate({ to: '/products/$id', params: { id: String(result.id) } });
        return;
      }
      setProblem({ code, kind: result.kind });
    } catch (e) {
      handleApiError(e);
    }
  });

  const camera = useBarcodeCamera(video, true, (code) => void scan(code));

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CameraCard video={video} camera={camera} />
        <Stack gap="md">
          <ScanEntryCard
            busy={busy}
            onCode={(code) => void typed(code)}
            description={t('typedHint')}
            submit={{ label: t('search'), icon: <IconSearch size={16} />, testId: 'scanner-search' }}
            problem={problem}
            onCloseProblem={() => setProblem(null)}
          />
        </Stack>
      </SimpleGrid>
    </>
  );
}
