import { Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { DEAL_PHASEN, DEAL_TYPEN } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/dialogs/FormDialog';
import { DateTimeField } from '@/components/form/DateTimeField';
import { CurrencyField, NumberField, SelectField, TextField } from '@/components/form/fields';
import { AddressPicker } from '@/components/pickers/AddressPicker';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { notifySuccess } from '@/lib/api/error-handler';
import { saveDeal } from './api';
import { dealSchema, newDeal } from './deal-form';

/**
 * DEAL-003: "add deal" first picks an address (skipped when one is given: on an address, or from "new item" there,
 * APP-051), then the deal form; the new deal opens in its record.
 */
export function DealAddDialog({ opened, onClose, adresseId, recordPath }: { opened: boolean; onClose: () => void; adresseId?: number; recordPath: string }) {
  const { t } = useTranslation('deals');
  const navigate = useNavigate();
  const [picked, setPicked] = useState<number | null>(null);
  const [step, setStep] = useState<'address' | 'form'>('address');
  const address = adresseId ?? (step === 'form' ? picked : null);
  const close = () => {
    setStep('address');
    setPicked(null);
    onClose();
  };

  if (!address) {
    return (
      <FormDialog opened={opened} onClose={close} title={t('add.title')} onSubmit={() => setStep('form')} ready={!!picked} submitLabel={t('add.next')}>
        <Stack gap="sm">
          <Text size="sm">{t('add.pickAddress')}</Text>
          <AddressPicker value={picked} onChange={(id) => setPicked(id)} variant="customer" label={t('f.adresseId')} data-testid="deal-add-address" />
        </Stack>
      </FormDialog>
    );
  }
  return (
    <SchemaFormDialog
      opened={opened}
      onClose={close}
      title={t('add.title')}
      schema={dealSchema}
      defaultValues={newDeal(address)}
      submitLabel={t('add.create')}
      onSubmit={async (values) => {
        const res = await saveDeal(null, values, null);
        notifySuccess(t('add.created'));
        close();
        if (res.id) void navigate({ href: `${recordPath}/${res.id}/masterdata` });
      }}
    >
      <TextField name="titel" label={t('f.titel')} />
      <Group grow>
        <SelectField name="typ" label={t('f.typ')} data={DEAL_TYPEN.map((v) => ({ value: String(v), label: t(`typ.${v}`) }))} numeric keepOrder />
        <SelectField name="phase" label={t('f.phase')} data={DEAL_PHASEN.map((v) => ({ value: String(v), label: t(`phase.${v}`) }))} numeric keepOrder />
      </Group>
      <Group grow>
        <NumberField name="chance" label={t('f.chance')} min={0} max={100} decimals={0} />
        <CurrencyField name="investitionssummeGeplant" label={t('f.investitionssummeGeplant')} />
      </Group>
      <DateTimeField name="naechsterKontakt" label={t('f.naechsterKontakt')} />
      {!adresseId && (
        <Button variant="subtle" size="xs" onClick={() => setStep('address')}>
          {t('add.pickAddress')}
        </Button>
      )}
    </SchemaFormDialog>
  );
}
