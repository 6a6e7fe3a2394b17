import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { TICKET_VORGABEN, ticketEingabe } from '@vario/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eagerSchema } from '@/components/form/eager-schema';
import { DateField, NumberField, TextField } from '@/components/form/fields';
import { fieldErrorsOnly } from '@/components/form/server-errors';
import { AddressPicker } from '@/components/pickers/AddressPicker';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { showNotice } from '@/lib/api/notices';
import { saveTicket } from '../api';
import { EnumField, UserField, useTicketLabel } from './fields';

const ticketForm = eagerSchema(ticketEingabe);
const FIELDS = Object.keys(ticketForm.fields);

/**
 * The add-ticket dialog (TKT-003): first the address (skipped when the ticket's address is known: below an address, a
 * sub-ticket, "new item" on an address), then the ticket form with the defaults of TKT-012 (the server sets the four
 * user fields to the current user, TKT-013). A refused create emits the failure notice without a message (TKT-021).
 */
export function NewTicketDialog(props: {
  opened: boolean;
  onClose: () => void;
  addressId: number | null;
  /** A sub-ticket of this ticket (TKT-006). */
  parentId?: number;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation('tickets');
  const l = useTicketLabel();
  const [address, setAddress] = useState<number | null>(props.addressId);
  const [step, setStep] = useState<'address' | 'form'>(props.addressId ? 'form' : 'address');
  useEffect(() => {
    if (!props.opened) return;
    setAddress(props.addressId);
    setStep(props.addressId ? 'form' : 'address');
  }, [props.opened, props.addressId]);

  return (
    <>
      <Modal
        opened={props.opened && step === 'address'}
        onClose={props.onClose}
        title={props.parentId ? t('newSub') : t('new')}
        data-testid="ticket-address-step"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('add.pickAddress')}</Text>
          <AddressPicker label={t('add.address')} value={address} onChange={(id) => setAddress(id)} data-testid="ticket-address" />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button disabled={!address} onClick={() => setStep('form')} data-testid="ticket-address-next">
              {t('add.next')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <SchemaFormDialog
        opened={props.opened && step === 'form' && !!address}
        onClose={props.onClose}
        title={props.parentId ? t('newSub') : t('new')}
        schema={ticketForm}
        defaultValues={{ ...TICKET_VORGABEN, betreff: '', adresseId: address ?? undefined, hauptTicketId: props.parentId ?? null }}
        submitLabel={t('common.create')}
        onSubmit={async (values) => {
          try {
            const res = await saveTicket(null, values);
            notifySuccess(t('notify.created'));
            props.onClose();
            if (res.id) props.onCreated(res.id);
          } catch (e) {
            // entries the server refused go to their fields; any other failure is the failure event without a message
            if (fieldErrorsOnly(e, FIELDS)) throw e;
            handleApiError(e, { silent: true });
            showNotice({ kind: 'error', title: t('add.failed'), message: null, withBorder: true, autoClose: false });
          }
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <div style={{ gridColumn: '1 / -1' }}>
            <TextField name="betreff" label={l('betreff')} />
          </div>
          <EnumField name="art" list="arten" label={l('art')} />
          <EnumField name="prioritaet" list="prioritaeten" label={l('prioritaet')} />
          <EnumField name="status" list="statustexte" label={l('status')} />
          <UserField name="zugeordnetBenutzerId" label={l('zugeordnetBenutzerId')} />
          <DateField name="erledigungBis" label={l('erledigungBis')} />
          <NumberField name="aufwandGeschaetzt" label={l('aufwandGeschaetzt')} min={0} />
          <div style={{ gridColumn: '1 / -1' }}>
            <TextField name="beschreibung" label={l('beschreibung')} multiline rows={3} />
          </div>
        </SimpleGrid>
      </SchemaFormDialog>
    </>
  );
}
