import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FormCard } from '@/components/form/FormCard';
import { DateField, NumberField, TextField } from '@/components/form/fields';
import { RecordStamps } from '@/components/record-page/RecordStamps';
import { useTicketFromRoute } from '../use-ticket';
import { Effort } from './Effort';
import { EnumField, UserField, useTicketLabel } from './fields';
import { TICKET_FREE_FIELDS } from './ticket-form';

/** Every ticket field of TKT-004/005: enumerations as choices by label, users by short sign, the effort roll-up beside the plan. */
export function MasterdataTab() {
  const { t } = useTranslation('tickets');
  const l = useTicketLabel();
  const { ticket } = useTicketFromRoute();
  return (
    <Stack gap="md" data-testid="ticket-masterdata">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <FormCard title={t('cards.ticket')}>
          <div style={{ gridColumn: '1 / -1' }}>
            <TextField name="betreff" label={l('betreff')} />
          </div>
          <EnumField name="status" list="statustexte" label={l('status')} />
          <EnumField name="art" list="arten" label={l('art')} />
          <EnumField name="prioritaet" list="prioritaeten" label={l('prioritaet')} />
          <EnumField name="rolle" list="rollen" label={l('rolle')} />
          {ticket && (
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {l('adresseId')}
              </Text>
              <Anchor component={Link} to={`/addresses/${ticket.adresseId}/dashboard`} size="sm" data-testid="ticket-address">
                {ticket.adresseName ?? t('openAddress', { id: ticket.adresseId })}
              </Anchor>
            </Stack>
          )}
        </FormCard>
        <FormCard title={t('cards.users')}>
          <UserField name="verantwortlichBenutzerId" label={l('verantwortlichBenutzerId')} />
          <UserField name="angefordertVonBenutzerId" label={l('angefordertVonBenutzerId')} />
          <UserField name="zugeordnetBenutzerId" label={l('zugeordnetBenutzerId')} />
          <UserField name="nachErledigungZurueckAnBenutzerId" label={l('nachErledigungZurueckAnBenutzerId')} />
          <UserField name="rueckfrageAnBenutzerId" label={l('rueckfrageAnBenutzerId')} />
        </FormCard>
        <FormCard title={t('cards.dates')}>
          <DateField name="erledigungAb" label={l('erledigungAb')} />
          <DateField name="erledigungBis" label={l('erledigungBis')} />
        </FormCard>
        <FormCard title={t('cards.billing')}>
          <EnumField name="abrechnungsart" list="abrechnungsarten" label={l('abrechnungsart')} />
          <EnumField name="abrechnungsartAktivitaeten" list="abrechnungsregeln" label={l('abrechnungsartAktivitaeten')} />
          <NumberField name="aufwandGeschaetzt" label={l('aufwandGeschaetzt')} min={0} />
          <NumberField name="aufwandBeauftragt" label={l('aufwandBeauftragt')} min={0} />
          {ticket && <Effort ticket={ticket} />}
        </FormCard>
      </SimpleGrid>
      <FormCard title={t('cards.description')} cols={1}>
        <TextField name="beschreibung" label={l('beschreibung')} multiline rows={5} />
      </FormCard>
      <FormCard title={t('cards.freeFields')}>
        {TICKET_FREE_FIELDS.map((s, i) => (
          <TextField key={s} name={s} label={t('freeField', { n: i + 1 })} />
        ))}
      </FormCard>
      <RecordStamps record={ticket} text={(key, date) => t(key, { date })} />
    </Stack>
  );
}
