import { Alert, Button, FileInput, List, Stack, Text } from '@mantine/core';
import { IconFileInvoice, IconUserPlus } from '@tabler/icons-react';
import { ERV_ERECHNUNG_MAX_BYTES } from '@vario/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { errorMessage, notifySuccess } from '@/lib/api/error-handler';
import { isApiError } from '@/lib/api/errors';
import { formatFileSize } from '@/lib/file-size';
import { hasRight } from '@/lib/rights';
import { useEInvoiceUpload } from '../api';

/** The field of the answer that says the supplier was not found (the server offers to create it). */
const SUPPLIER_FIELD = 'lieferantAnlegen';

/**
 * Upload an e-invoice (issue 25 item 4): an XRechnung (UBL or CII) or a ZUGFeRD/Factur-X PDF. The server validates it;
 * a refusal lists each rule with its business term and text here, a supplier not found is offered for creation (with the
 * address right), and a taken-in invoice opens as its record.
 */
export function EInvoiceUploadDialog({ opened, onClose, onDone }: { opened: boolean; onClose: () => void; onDone: (id: number) => void }) {
  const { t } = useTranslation('incomingInvoices');
  const me = useMe().data;
  const upload = useEInvoiceUpload();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (opened) {
      setFile(null);
      setError(null);
    }
  }, [opened]);
  const limit = formatFileSize(ERV_ERECHNUNG_MAX_BYTES);
  const tooLarge = !!file && file.size > ERV_ERECHNUNG_MAX_BYTES;

  const send = (createSupplier: boolean) => {
    if (!file || tooLarge) return;
    setError(null);
    upload.mutate(
      { file, createSupplier },
      {
        onSuccess: (r) => {
          notifySuccess(r.lieferantAngelegt ? t('upload.doneWithSupplier') : t('upload.done'));
          onDone(r.id);
        },
        onError: setError,
      },
    );
  };

  const api = isApiError(error) ? error : null;
  const fields = api ? Object.entries(api.fieldErrors).filter(([k]) => k !== SUPPLIER_FIELD) : [];
  const supplierMissing = api?.fieldErrors[SUPPLIER_FIELD]?.[0];
  const notes = api?.body?.messageParameters ?? [];

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('upload.title')}
      ready={!!file && !tooLarge}
      loading={upload.isPending}
      submitLabel={t('upload.submit')}
      onSubmit={() => send(false)}
    >
      <Text size="sm" c="dimmed">
        {t('upload.intro')}
      </Text>
      <FileInput
        label={t('upload.file')}
        description={t('upload.hint', { limit })}
        placeholder={t('upload.placeholder')}
        accept=".xml,.pdf,application/xml,text/xml,application/pdf"
        leftSection={<IconFileInvoice size={16} />}
        value={file}
        onChange={(f) => {
          setFile(f);
          setError(null);
        }}
        error={tooLarge ? t('upload.tooLarge', { limit }) : undefined}
        clearable
        clearButtonProps={{ 'aria-label': t('upload.clear') }}
        data-testid="einvoice-file"
      />
      {api && supplierMissing && (
        <Alert color="yellow" variant="light" title={t('upload.supplierMissing')} data-testid="einvoice-supplier-missing">
          <Stack gap="xs">
            <Text size="sm">{supplierMissing}</Text>
            {hasRight(me, 'ADR_AENDERN') ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconUserPlus size={14} />}
                onClick={() => send(true)}
                loading={upload.isPending}
                data-testid="einvoice-create-supplier"
              >
                {t('upload.createSupplier')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t('upload.noAddressRight')}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {api && !supplierMissing && (
        <Alert color="red" variant="light" title={api.status === 422 ? t('upload.invalid') : errorMessage(api)} data-testid="einvoice-errors">
          {fields.length > 0 ? (
            <List size="sm" spacing={4} style={{ overflowWrap: 'anywhere' }}>
              {fields.flatMap(([rule, texts]) =>
                texts.map((text) => (
                  <List.Item key={`${rule}-${text}`}>
                    <Text span fw={600} size="sm">
                      {rule === 'daten' ? t('upload.file') : rule}
                    </Text>
                    {`: ${text}`}
                  </List.Item>
                )),
              )}
            </List>
          ) : (
            <Text size="sm">{errorMessage(api)}</Text>
          )}
          {notes.length > 0 && (
            <Text size="xs" c="dimmed" mt="xs">
              {notes.join(' ')}
            </Text>
          )}
        </Alert>
      )}
      {error !== null && !api && (
        <Alert color="red" variant="light" data-testid="einvoice-errors">
          {String(error)}
        </Alert>
      )}
    </FormDialog>
  );
}
