import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { formatCurrency } from '@/lib/format';
import { formatDateInput, formatNumberInput, parseDate, parseNumber } from '@/lib/parse';
import { loseDeal, useLossReasons, useWinProposal, winDeal } from '../api';

interface Props {
  deal: { id: number; titel: string };
  onClose: () => void;
  onDone?: () => void;
}

/** Won: the reached date (default today) and the reached sum proposed from the deal's booked documents, both in German. */
export function WonDialog({ deal, onClose, onDone }: Props) {
  const { t } = useTranslation('deals');
  const proposal = useWinProposal(deal.id).data;
  const [datum, setDatum] = useState<string | null>(null);
  const [summe, setSumme] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ datum?: string; summe?: string }>({});
  const [loading, setLoading] = useState(false);
  const datumText = datum ?? (proposal ? formatDateInput(proposal.datum) : '');
  const summeText = summe ?? (proposal ? formatNumberInput(proposal.summe, { scale: 2, fixed: true }) : '');
  const submit = async () => {
    // German input (31.12.2026, 1.234,56): what cannot be read is a field error, never a guess
    const pd = parseDate(datumText);
    const ps = parseNumber(summeText, { scale: 2, exact: true });
    const d = pd.ok ? pd.value : null;
    const s = ps.ok ? ps.value : null;
    const e = { datum: d === null ? t('won.invalidDate') : undefined, summe: s === null || s < 0 ? t('won.invalidSum') : undefined };
    setErrors(e);
    if (d === null || s === null || s < 0) return;
    setLoading(true);
    try {
      await winDeal(deal.id, { datum: d, summe: s });
      notifySuccess(t('won.done'));
      onDone?.();
      onClose();
    } catch (err) {
      handleApiError(err);
    } finally {
      setLoading(false);
    }
  };
  return (
    <FormDialog
      opened
      onClose={onClose}
      title={`${t('won.title')}: ${deal.titel}`}
      onSubmit={() => void submit()}
      ready={!!proposal}
      loading={loading}
      submitLabel={t('won.button')}
    >
      <Stack gap="sm" data-testid="deal-won-dialog">
        <TextInput
          label={t('won.datum')}
          value={datumText}
          onChange={(e) => setDatum(e.currentTarget.value)}
          error={errors.datum}
          data-testid="deal-won-datum"
        />
        <TextInput
          label={t('won.summe')}
          value={summeText}
          onChange={(e) => setSumme(e.currentTarget.value)}
          error={errors.summe}
          rightSection="€"
          data-testid="deal-won-summe"
        />
        {proposal && (
          <Text size="xs" c="dimmed">
            {t('won.proposal', { summe: formatCurrency(proposal.summe) })}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}

/** Lost: a reason from the configurable list. */
export function LostDialog({ deal, onClose, onDone }: Props) {
  const { t } = useTranslation('deals');
  const reasons = useLossReasons(true).data ?? [];
  const [grund, setGrund] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const submit = async () => {
    if (!grund) return;
    setLoading(true);
    try {
      await loseDeal(deal.id, grund);
      notifySuccess(t('lost.done'));
      onDone?.();
      onClose();
    } catch (err) {
      handleApiError(err);
    } finally {
      setLoading(false);
    }
  };
  return (
    <FormDialog
      opened
      onClose={onClose}
      title={`${t('lost.title')}: ${deal.titel}`}
      onSubmit={() => void submit()}
      ready={!!grund}
      loading={loading}
      submitLabel={t('lost.button')}
    >
      <Select
        label={t('lost.grund')}
        data={reasons.map((r) => r.bezeichnung)}
        value={grund}
        onChange={setGrund}
        comboboxProps={{ withinPortal: true }}
        data-testid="deal-lost-grund"
      />
    </FormDialog>
  );
}
