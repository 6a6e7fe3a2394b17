import { Alert, Select, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ServiceMaterial } from '@vario/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { NumberTextInput } from '@/components/form/NumberTextInput';
import { limitProps } from '@/components/form/text-limit';
import { TOAST } from '@/lib/api/error-handler';
import { formatDecimal } from '@/lib/format';
import { QUEUED, sendServiceStep, stepDone } from '../api';
import { checkAmount, checkSerialBatch, type MaterialKind, materialLimits, notYetTransferred } from '../rules';
import { useStepForm } from '../ui/use-step-form';

const BOOKING_KINDS: MaterialKind[] = ['eingebaut', 'doa', 'defektVerkauft', 'defektEingelagert'];

/**
 * Material booking and return booking on a material line (SVC-014, SVC-022, SVC-023, SVC-051..054): the amount defaults
 * to the maximum; above it 'zu groß', below the minimum 'zu klein', zero 'Geben Sie einen gültigen Wert ein!'. Material
 * not yet transferred shows a warning (and the server's warnings after booking).
 */
export function MaterialBookingDialog({
  opened,
  onClose,
  auftragId,
  line,
  mode,
}: {
  opened: boolean;
  onClose: () => void;
  auftragId: number;
  line: ServiceMaterial | null;
  mode: 'booking' | 'return';
}) {
  const { t } = useTranslation('service');
  const initialKind: MaterialKind = mode === 'return' ? 'gutteilretoure' : 'eingebaut';
  const limitsOf = (kind: MaterialKind) => (line ? materialLimits(line, kind) : { min: 0, max: 0 });
  const initial = () => ({ art: initialKind as MaterialKind, menge: limitsOf(initialKind).max as number | string | null, seriennr: '', chargennr: '' });
  const form = useStepForm(initial);
  useEffect(() => {
    if (opened) form.reset(initial());
  }, [opened, line?.id]);
  const limits = limitsOf(form.values.art);

  const submit = async () => {
    if (!line) return;
    const ok = await form.submit(
      (v) => {
        const c = checkAmount(v.menge, limits.min, limits.max);
        // serial and batch numbers where the article is managed by them: the step is not queued without them
        const n = c ? {} : checkSerialBatch(line, v.menge, v.seriennr, v.chargennr);
        const msg = (x: (typeof n)[keyof typeof n]) => (x ? t(x.key, x.params) : undefined);
        return { menge: c ? t(c) : msg(n.menge), seriennr: msg(n.seriennr), chargennr: msg(n.chargennr) };
      },
      async (v) => {
        const daten = { menge: v.menge, seriennr: v.seriennr.trim() || null, chargennr: v.chargennr.trim() || null };
        const res = (await (mode === 'return'
          ? sendServiceStep('rueckbuchung', { auftragId, materialId: line.id }, daten)
          : sendServiceStep('materialBuchung', { auftragId, materialId: line.id }, { ...daten, art: v.art }))) as
          | { warnungen?: string[] }
          | typeof QUEUED
          | undefined;
        for (const w of (res === QUEUED ? undefined : res?.warnungen) ?? []) notifications.show({ color: 'yellow', message: w, autoClose: TOAST.service });
        return res;
      },
      ['art', 'menge', 'seriennr', 'chargennr'],
    );
    if (ok) {
      stepDone(ok, mode === 'return' ? t('dialog.returnBooked') : t('dialog.materialBooked'));
      onClose();
    }
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={mode === 'return' ? t('dialog.returnTitle') : t('dialog.materialTitle')}
      onSubmit={() => void submit()}
      loading={form.loading}
    >
      {line && (
        <>
          <Text fw={600}>
            {line.artikelnummer} – {line.artikelbezeichnung}
          </Text>
          {notYetTransferred(line) && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="not-transferred">
              {t('dialog.notTransferred')}
            </Alert>
          )}
          {mode === 'booking' && (
            <Select
              label={t('dialog.bookingKind')}
              required
              size="md"
              allowDeselect={false}
              data={BOOKING_KINDS.map((k) => ({ value: k, label: t(`dialog.kind.${k}`) }))}
              value={form.values.art}
              onChange={(v) => {
                const art = (v ?? 'eingebaut') as MaterialKind;
                form.set('art', art);
                form.set('menge', limitsOf(art).max);
              }}
              comboboxProps={{ withinPortal: true }}
              data-testid="field-art"
            />
          )}
          <NumberTextInput
            label={`${t('dialog.amount')} (${line.mengeneinheit})`}
            description={
              limits.min < 0
                ? t('dialog.rangeHint', { min: formatDecimal(limits.min), max: formatDecimal(limits.max) })
                : t('dialog.maxHint', { max: formatDecimal(limits.max) })
            }
            required
            size="md"
            format={{ scale: 3 }}
            value={form.values.menge}
            onChange={(v) => form.set('menge', v)}
            error={form.errors.menge}
            data-testid="field-menge"
          />
          <TextInput
            label={line.istSeriennummernArtikel ? t('dialog.serials') : t('dialog.serial')}
            description={line.istSeriennummernArtikel ? t('dialog.serialHint') : undefined}
            required={line.istSeriennummernArtikel}
            size="md"
            value={form.values.seriennr}
            onChange={(e) => form.set('seriennr', e.currentTarget.value)}
            {...limitProps(form.values.seriennr, 2000, { error: form.errors.seriennr })}
            data-testid="field-seriennr"
          />
          <TextInput
            label={t('dialog.batch')}
            required={line.istChargenArtikel}
            size="md"
            value={form.values.chargennr}
            onChange={(e) => form.set('chargennr', e.currentTarget.value)}
            {...limitProps(form.values.chargennr, 80, { error: form.errors.chargennr })}
            data-testid="field-chargennr"
          />
        </>
      )}
    </FormDialog>
  );
}
