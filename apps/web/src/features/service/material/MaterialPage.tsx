import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChecks, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ServiceMaterial } from '@vario/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { ExportButton } from '@/components/data-grid/ExportButton';
import { shownColumns } from '@/components/data-grid/export-list';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { NumberTextInput } from '@/components/form/NumberTextInput';
import { PageHeader } from '@/components/PageHeader';
import { formatDecimal } from '@/lib/format';
import { MATERIAL_ORDER, MATERIAL_TO_CONFIRM, sendServiceStep, stepDone, useMaterialToConfirm } from '../api';
import { useServiceExportColumns } from '../export-columns';
import { checkAmount, confirmLimits } from '../rules';
import { umlagerungTypKey } from '../status-colors';
import { ListState } from '../ui/ListState';
import { NoTechnician } from '../ui/NoTechnician';
import { StatusBadge } from '../ui/StatusBadge';
import classes from '../ui/service.module.css';
import { useStepForm } from '../ui/use-step-form';

/** What is transferred and not yet confirmed. */
export const toConfirm = (l: Pick<ServiceMaterial, 'mengeUmgelagert' | 'mengeBestaetigt'>) => confirmLimits(l).max;

/** Confirm the received amount of one line: at most what is open, more than 0; the open amount by default. */
function ConfirmDialog({ line, onClose }: { line: ServiceMaterial | null; onClose: () => void }) {
  const { t } = useTranslation('service');
  const open = line ? toConfirm(line) : 0;
  const form = useStepForm(() => ({ menge: open as number | string | null }));
  useEffect(() => {
    if (line) form.reset({ menge: toConfirm(line) });
  }, [line?.id]);
  const submit = async () => {
    if (!line) return;
    const ok = await form.submit(
      (v) => {
        const c = checkAmount(v.menge, confirmLimits(line ?? { mengeUmgelagert: 0, mengeBestaetigt: 0 }).min, open);
        return { menge: c ? t(c) : undefined };
      },
      (v) => sendServiceStep('materialBestaetigen', { materialId: line.id, auftragId: line.serviceAuftragId }, { menge: v.menge }),
      ['menge'],
    );
    if (ok) {
      stepDone(ok, t('material.confirmed'));
      onClose();
    }
  };
  return (
    <FormDialog
      opened={!!line}
      onClose={onClose}
      title={t('material.confirmTitle')}
      onSubmit={() => void submit()}
      loading={form.loading}
      submitLabel={t('material.confirm')}
    >
      {line && (
        <>
          <Text fw={600}>
            {line.artikelnummer} – {line.artikelbezeichnung}
          </Text>
          <NumberTextInput
            label={`${t('material.receivedAmount')} (${line.mengeneinheit})`}
            description={t('dialog.maxHint', { max: formatDecimal(open) })}
            required
            size="md"
            format={{ scale: 3 }}
            value={form.values.menge}
            onChange={(v) => form.set('menge', v)}
            error={form.errors.menge}
            data-autofocus
            data-testid="field-menge"
          />
        </>
      )}
    </FormDialog>
  );
}

/** /material: the transferred material the technician confirms as received (SVC-005). */
export function MaterialPage() {
  const { t } = useTranslation('service');
  const me = useMe().data;
  const list = useMaterialToConfirm();
  const rows = (list.data?.result ?? []).filter((l) => toConfirm(l) > 0);
  const [line, setLine] = useState<ServiceMaterial | null>(null);
  const exportColumns = useServiceExportColumns().material;
  return (
    <div className={classes.narrow}>
      <PageHeader
        title={t('material.title')}
        subtitle={t('material.subtitle')}
        actions={
          <Group gap="xs">
            <Button variant="default" size="md" onClick={() => void list.refetch()} loading={list.isFetching} aria-label={t('refresh')} px="sm">
              <IconRefresh size={20} />
            </Button>
            <ExportButton
              size="md"
              endpoint="serviceMaterialExport"
              query={() => ({ filter: MATERIAL_TO_CONFIRM, orderBy: MATERIAL_ORDER })}
              columns={() => shownColumns(exportColumns.filter((c) => !c.hide))}
            />
          </Group>
        }
      />
      {me && !me.techniker ? (
        <NoTechnician />
      ) : (
        <ListState loading={list.isLoading} empty={rows.length === 0} emptyText={t('material.empty')}>
          <SimpleGrid cols={1} spacing="sm" data-testid="material-list">
            {rows.map((l) => (
              <Card key={l.id} padding="md" data-testid="confirm-line" data-id={l.id}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div>
                      <Text fw={600}>{l.artikelbezeichnung}</Text>
                      <Text size="sm" c="dimmed">
                        {l.artikelnummer} · {t(umlagerungTypKey(l.umlagerungTyp))}
                      </Text>
                    </div>
                    <StatusBadge status={l.materialstatus} art="M" size="md" />
                  </Group>
                  <Text size="sm">
                    {t('material.order')}:{' '}
                    <Link to="/tasks/$id" params={{ id: String(l.serviceAuftragId) }}>
                      {l.auftragsnummer}
                    </Link>
                    {l.auftragsAdresse ? ` · ${l.auftragsAdresse}` : ''}
                    {l.standortOrt ? ` · ${[l.standortPlz, l.standortOrt].filter(Boolean).join(' ')}` : ''}
                  </Text>
                  {l.empfangLager && (
                    <Text size="sm">
                      {t('material.store')}:{' '}
                      {[l.empfangLager.bezeichnung, l.empfangLager.strasse, [l.empfangLager.plz, l.empfangLager.ort].filter(Boolean).join(' ')]
                        .filter(Boolean)
                        .join(', ')}
                    </Text>
                  )}
                  <Text size="sm">
                    {t('qty.mengeUmgelagert')}: {formatDecimal(l.mengeUmgelagert)} · {t('qty.mengeBestaetigt')}: {formatDecimal(l.mengeBestaetigt)}{' '}
                    {l.mengeneinheit}
                  </Text>
                  <Button size="lg" leftSection={<IconChecks size={20} />} onClick={() => setLine(l)} data-testid="confirm-open">
                    {t('material.confirm')} ({formatDecimal(toConfirm(l))} {l.mengeneinheit})
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </ListState>
      )}
      <ConfirmDialog line={line} onClose={() => setLine(null)} />
    </div>
  );
}
