import { Anchor, Button, Card, Group, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { TICKET_ABRECHNUNG_BELEGARTEN, TICKET_ABRECHNUNGSART } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { SectionTitle } from '@/components/SectionTitle';
import { useSaleDocument } from '@/features/sale-documents/api';
import { typeName } from '@/features/sale-documents/labels';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { hasAllRights } from '@/lib/rights';
import { type TicketDetail, useCreateBillingDocument } from '../api';
import { useTicketFromRoute } from '../use-ticket';

const SLOTS = [
  ['angebot', 'angebotBelegId'],
  ['auftrag', 'auftragBelegId'],
  ['abrechnung', 'abrechnungBelegId'],
] as const;

/** The ticket's offer, order and billing document, and "create billing document" (an order or invoice of its billable activities). */
export function SaleDocumentsTab() {
  const { t } = useTranslation('tickets');
  const { ticket } = useTicketFromRoute();
  const [asking, setAsking] = useState(false);
  const may = hasAllRights(useMe().data, ['TKT_AENDERN', 'BEK_AENDERN']);
  if (!ticket) return null;
  const canBill = may && !ticket.abrechnungBelegId && ticket.abrechnungsart !== TICKET_ABRECHNUNGSART.ohneBerechnung;
  return (
    <Card withBorder radius="md" padding="md" data-testid="ticket-documents">
      <Group justify="space-between" mb="sm">
        <SectionTitle>{t('documents.title')}</SectionTitle>
        {canBill && (
          <Button size="xs" leftSection={<IconFileInvoice size={14} />} onClick={() => setAsking(true)} data-testid="billing-create">
            {t('documents.createBilling')}
          </Button>
        )}
      </Group>
      <Table>
        <Table.Tbody>
          {SLOTS.map(([slot, field]) => (
            <Table.Tr key={slot}>
              <Table.Th w="40%" fw={500}>
                {t(`documents.${slot}`)}
              </Table.Th>
              <Table.Td data-testid={`document-${slot}`}>
                <DocumentLink id={ticket[field]} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <BillingDialog ticket={ticket} opened={asking} onClose={() => setAsking(false)} />
    </Card>
  );
}

function DocumentLink({ id }: { id: number | null }) {
  const { t, i18n } = useTranslation('tickets');
  const doc = useSaleDocument(id).data;
  if (!id) return <Text c="dimmed">{t('documents.none')}</Text>;
  const label = doc ? `${typeName(doc.belegart, i18n.language) ?? doc.belegart} ${doc.belegnummer}` : `#${id}`;
  return (
    <Anchor component={Link} to={`/saleDocument/${id}`} aria-label={t('documents.open', { nr: doc?.belegnummer ?? id })}>
      {label}
    </Anchor>
  );
}

function BillingDialog({ ticket, opened, onClose }: { ticket: TicketDetail; opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('tickets');
  const [belegart, setBelegart] = useState<string>(TICKET_ABRECHNUNG_BELEGARTEN[0] ?? '');
  const create = useCreateBillingDocument(ticket.id);
  const run = () =>
    create.mutate(belegart, {
      onSuccess: () => {
        onClose();
        notifySuccess(t('documents.billingCreated', { nr: t('number', { nr: ticket.ticketNummer }) }));
      },
      onError: (e) => handleApiError(e),
    });
  return (
    <Modal opened={opened} onClose={onClose} title={t('documents.createBilling')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="sm">
        <Text size="sm">{t('documents.createBillingText')}</Text>
        <SegmentedControl
          aria-label={t('documents.documentType')}
          value={belegart}
          onChange={setBelegart}
          data={TICKET_ABRECHNUNG_BELEGARTEN.map((b) => ({ value: b, label: typeName(b, i18n.language) ?? b }))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={run} loading={create.isPending} data-testid="billing-confirm">
            {t('documents.createBilling')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
