import { Alert, Button, Card, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconBarcode, IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { handleApiError } from '@/lib/api/error-handler';
import { CameraCard } from './CameraCard';
import { type LookupResult, lookupProduct } from './lookup';
import { useBarcodeCamera } from './use-barcode-camera';

/** The same code is not looked up again within this time (the camera reports it on every frame). */
const REPEAT_MS = 3000;

/**
 * /scanner: the rear camera decodes EAN, Code 128 and UPC; the code opens the product found by EAN or article number.
 * A typed entry serves devices without a camera or without permission (SCAN-001..006).
 */
export function ScannerPage() {
  const { t } = useTranslation('scanner');
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ code: string; result: Exclude<LookupResult, { kind: 'found' }> } | null>(null);
  const last = useRef<{ code: string; at: number } | null>(null);
  const busyRef = useRef(false);

  const open = useCallback(
    async (code: string) => {
      const now = Date.now();
      if (busyRef.current || (last.current?.code === code && now - last.current.at < REPEAT_MS)) return;
      last.current = { code, at: now };
      busyRef.current = true;
      setBusy(true);
      try {
        const result = await lookupProduct(code);
        if (result.kind === 'found') {
          void navigate({ to: '/products/$id', params: { id: String(result.id) } });
          return;
        }
        setOutcome({ code, result });
      } catch (e) {
        handleApiError(e);
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [navigate],
  );

  const camera = useBarcodeCamera(video, true, (code) => void open(code));

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CameraCard video={video} camera={camera} />
        <Stack gap="md">
          <Card withBorder radius="md" padding="md">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                last.current = null;
                if (typed.trim()) void open(typed.trim());
              }}
            >
              <Group align="flex-end" gap="sm" wrap="nowrap">
                <TextInput
                  label={t('typedLabel')}
                  description={t('typedHint')}
                  leftSection={<IconBarcode size={16} />}
                  value={typed}
                  onChange={(e) => setTyped(e.currentTarget.value)}
                  inputMode="text"
                  autoComplete="off"
                  style={{ flex: 1 }}
                  data-testid="scanner-input"
                />
                <Button type="submit" leftSection={<IconSearch size={16} />} loading={busy} data-testid="scanner-search">
                  {t('search')}
                </Button>
              </Group>
            </form>
          </Card>
          {outcome && (
            <Alert
              color={outcome.result.kind === 'ambiguous' ? 'orange' : 'red'}
              variant="light"
              title={outcome.result.kind === 'ambiguous' ? t('ambiguous') : t('notFound')}
              data-testid={`scanner-${outcome.result.kind}`}
              withCloseButton
              onClose={() => setOutcome(null)}
            >
              {t('code', { code: outcome.code })}
            </Alert>
          )}
        </Stack>
      </SimpleGrid>
    </>
  );
}
