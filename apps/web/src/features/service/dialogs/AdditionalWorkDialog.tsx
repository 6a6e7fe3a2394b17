import { Group, Select, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { ServiceMehraufwand } from '@vario/contract';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasisdaten } from '@/app/auth/session';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { DateTextInput } from '@/components/form/DateTextInput';
import { NumberTextInput } from '@/components/form/NumberTextInput';
import { limitProps } from '@/components/form/text-limit';
import { askRemark } from '@/components/record-page/dialogs';
import { sendServiceStep, stepDone, useWorkTypes } from '../api';
import { atTime, checkMehraufwand, clearForType, type MehraufwandTyp } from '../rules';
import { useStepForm } from '../ui/use-step-form';

/** An entry being changed (its fields as the server answered them: the contract's serviceMehraufwand). */
export type WorkEntry = Pick<
  ServiceMehraufwand,
  'id' | 'mehraufwandArtId' | 'bemerkung' | 'vonZeitpunkt' | 'bisZeitpunkt' | 'kosten' | 'strecke' | 'abrechnungsartId'
>;

/**
 * Additional work (SVC-015, SVC-041..047): the type decides the fields — 1 a time range (from before to), 2 costs
 * (above 0, whole cents: 1,234 is refused, not rounded), 3 a distance (whole km above 0); the fields the type does not use
 * are cleared on save. Changing a recorded entry asks for the alteration comment (SVC-040).
 */
export function AdditionalWorkDialog({
  opened,
  onClose,
  auftragId,
  entry,
}: {
  opened: boolean;
  onClose: () => void;
  auftragId: number;
  entry?: WorkEntry | null;
}) {
  const { t } = useTranslation('service');
  const types = useWorkTypes().data ?? [];
  const billing = useBasisdaten().data?.serviceAbrechnungsarten ?? [];
  const initial = () => ({
    mehraufwandArtId: entry?.mehraufwandArtId ?? null,
    bemerkung: entry?.bemerkung ?? '',
    datum: (entry?.vonZeitpunkt ? dayjs(entry.vonZeitpunkt) : dayjs()).format('YYYY-MM-DD') as string | null,
    von: entry?.vonZeitpunkt ? dayjs(entry.vonZeitpunkt).format('HH:mm') : '',
    bis: entry?.bisZeitpunkt ? dayjs(entry.bisZeitpunkt).format('HH:mm') : '',
    kosten: (entry?.kosten ?? null) as number | string | null,
    strecke: (entry?.strecke ?? null) as number | string | null,
    abrechnungsartId: entry?.abrechnungsartId ?? null,
  });
  const form = useStepForm(initial);
  useEffect(() => {
    if (opened) form.reset(initial());
  }, [opened]);
  const typ = (types.find((w) => w.id === form.values.mehraufwandArtId)?.typ ?? null) as MehraufwandTyp | null;

  const submit = async () => {
    let cancelled = false;
    const ok = await form.submit(
      (v) => {
        const found = checkMehraufwand(typ, { ...v, von: v.von || null, bis: v.bis || null });
        const out: Record<string, string | undefined> = {};
        for (const [f, key] of Object.entries(found)) out[f] = key ? t(key) : undefined;
        if (typ === 1 && !v.datum) out.datum = t('check.required');
        return out;
      },
      async (v) => {
        const data = clearForType(typ as MehraufwandTyp, {
          mehraufwandArtId: v.mehraufwandArtId,
          bemerkung: v.bemerkung.trim() || null,
          vonZeitpunkt: v.datum && v.von ? atTime(v.datum, v.von) : null,
          bisZeitpunkt: v.datum && v.bis ? atTime(v.datum, v.bis) : null,
          kosten: typeof v.kosten === 'number' ? v.kosten : null,
          strecke: typeof v.strecke === 'number' ? v.strecke : null,
          abrechnungsartId: v.abrechnungsartId,
        });
        if (!entry) return sendServiceStep('mehraufwandNeu', { auftragId }, data);
        // changing recorded work asks for the alteration comment, required (SVC-040); cancelling it sends nothing
        const aenderungskommentar = await askRemark();
        if (aenderungskommentar === null) {
          cancelled = true;
          return;
        }
        return sendServiceStep('mehraufwandAendern', { auftragId, eintragId: entry.id }, { ...data, aenderungskommentar });
      },
      ['mehraufwandArtId', 'bemerkung', 'von', 'bis', 'kosten', 'strecke', 'abrechnungsartId', 'vonZeitpunkt', 'bisZeitpunkt'],
    );
    if (ok && !cancelled) {
      stepDone(ok, t('dialog.additionalWorkSaved'));
      onClose();
    }
  };
  const e = form.errors;
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('dialog.additionalWorkTitle')} onSubmit={() => void submit()} loading={form.loading}>
      <Select
        label={t('dialog.workType')}
        required
        size="md"
        data={types.map((w) => ({ value: String(w.id), label: w.bezeichnung }))}
        value={form.values.mehraufwandArtId ? String(form.values.mehraufwandArtId) : null}
        onChange={(v) => form.set('mehraufwandArtId', v ? Number(v) : null)}
        error={e.mehraufwandArtId}
        comboboxProps={{ withinPortal: true }}
        data-testid="field-mehraufwandArtId"
      />
      {typ === 1 && (
        <>
          <DateTextInput label={t('dialog.date')} required size="md" value={form.values.datum} onChange={(v) => form.set('datum', v)} error={e.datum} />
          <Group grow gap="sm">
            <TimeInput
              label={t('dialog.from')}
              required
              size="md"
              value={form.values.von}
              onChange={(ev) => form.set('von', ev.currentTarget.value)}
              error={e.von ?? e.vonZeitpunkt}
              data-testid="field-von"
            />
            <TimeInput
              label={t('dialog.to')}
              required
              size="md"
              value={form.values.bis}
              onChange={(ev) => form.set('bis', ev.currentTarget.value)}
              error={e.bis ?? e.bisZeitpunkt}
              data-testid="field-bis"
            />
          </Group>
        </>
      )}
      {typ === 2 && (
        <NumberTextInput
          label={t('dialog.costs')}
          required
          size="md"
          format={{ scale: 2, fixed: true, grouped: true, exact: true }}
          value={form.values.kosten}
          onChange={(v) => form.set('kosten', v)}
          error={e.kosten}
          rightSection="€"
          data-testid="field-kosten"
        />
      )}
      {typ === 3 && (
        <NumberTextInput
          label={t('dialog.distance')}
          required
          size="md"
          value={form.values.strecke}
          onChange={(v) => form.set('strecke', v)}
          error={e.strecke}
          rightSection="km"
          data-testid="field-strecke"
        />
      )}
      <Select
        label={t('dialog.billingType')}
        size="md"
        clearable
        data={billing.map((b) => ({ value: String(b.id), label: b.bezeichnung }))}
        value={form.values.abrechnungsartId ? String(form.values.abrechnungsartId) : null}
        onChange={(v) => form.set('abrechnungsartId', v ? Number(v) : null)}
        error={e.abrechnungsartId}
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label={t('dialog.remark')}
        value={form.values.bemerkung}
        onChange={(ev) => form.set('bemerkung', ev.currentTarget.value)}
        autosize
        minRows={2}
        {...limitProps(form.values.bemerkung, 2000, { error: e.bemerkung })}
      />
    </FormDialog>
  );
}
