import { Alert, Box, Button, Card, Group, Image, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconSignature } from '@tabler/icons-react';
import { BELEG_AKTIONEN, ersetzenErlaubt } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { SectionTitle } from '@/components/SectionTitle';
import { pngDataUrl, SignaturePad } from '@/components/signature-pad';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { formatDateTime } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { saveSignature, useSignature } from '../api';
import { allows, rightOf, signable } from '../labels';
import { useDocumentFromRoute } from '../use-document';

/** signature (BEL-004): captured on a touch screen with the signature pad, stored with PUT unterschrift, shown when present (and on the PDF). */
export function SignatureTab() {
  const { t } = useTranslation(['saleDocuments', 'app']);
  const { id, doc } = useDocumentFromRoute();
  const me = useMe().data;
  const signature = useSignature(id);
  const [png, setPng] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [capture, setCapture] = useState(false);
  const stored = signature.data;
  // the status table (`unterschreiben`: state, right, another user's document needs BEK_FREMDBEARB) and the type's
  // descriptor (`unterschreibbar`) decide; a cancellation itself is not signed
  const own = !!doc && !!me && (doc.benutzerId === null || doc.benutzerId === me.benutzer.id);
  const canSign =
    hasRight(me, rightOf('unterschreiben')) &&
    !!doc &&
    (own || !BELEG_AKTIONEN.unterschreiben.fremdRecht || hasRight(me, 'BEK_FREMDBEARB')) &&
    allows('unterschreiben', doc) &&
    signable(doc.belegart) &&
    !doc.stornoVonId;
  // replacing a signature only where the table's `ersetzen` allows it (not once the document is booked)
  const canReplace = canSign && ersetzenErlaubt('unterschreiben', doc);
  const showPad = canSign && (capture || (!signature.isLoading && !stored));

  const save = async () => {
    if (!id || !png) return;
    setBusy(true);
    try {
      await saveSignature(id, png, name.trim() || null);
      notifySuccess(t('signature.saved'));
      setCapture(false);
      setPng(null);
    } catch (e) {
      handleApiError(e, { action: 'save' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="document-signature">
      {signature.isLoading && <Loader size="sm" />}
      {stored && (
        <Card withBorder radius="md" padding="md" data-testid="signature-stored">
          <Group justify="space-between" mb="sm">
            <SectionTitle size="h5">{t('signature.stored')}</SectionTitle>
            {canReplace && !capture && (
              <Button size="xs" variant="light" leftSection={<IconSignature size={14} />} onClick={() => setCapture(true)} data-testid="signature-replace">
                {t('signature.replace')}
              </Button>
            )}
          </Group>
          <Box bg="white" p="sm" style={{ borderRadius: 4, border: '1px solid var(--mantine-color-default-border)', maxWidth: 480 }}>
            <Image
              src={pngDataUrl(stored.daten)}
              alt={t('signature.image', { name: stored.name ?? doc?.adresseName ?? '' })}
              fit="contain"
              mah={200}
              data-testid="signature-image"
            />
          </Box>
          <Text size="sm" c="dimmed" mt="xs" data-testid="signature-meta">
            {stored.name
              ? t('signature.storedAt', { name: stored.name, date: formatDateTime(stored.unterschriebenAm) })
              : t('signature.storedAtNoName', { date: formatDateTime(stored.unterschriebenAm) })}
          </Text>
        </Card>
      )}
      {!signature.isLoading && !stored && !canSign && <Alert color="gray">{t('signature.none')}</Alert>}
      {showPad && (
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <SectionTitle size="h5">{t('signature.capture')}</SectionTitle>
            <TextInput label={t('signature.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} data-testid="signature-name" />
            <SignaturePad onChange={setPng} disabled={busy} description={t('signature.hint')} />
            <Group justify="flex-end" gap="sm">
              {capture && (
                <Button variant="default" onClick={() => setCapture(false)} disabled={busy}>
                  {t('app:common.cancel')}
                </Button>
              )}
              <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => void save()} disabled={!png} loading={busy} data-testid="signature-save">
                {t('signature.save')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
