import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconFilePlus, IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { BELEGARTEN, belegartName, dealRechte, type Sprache } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { SubList } from '@/components/record-page/SubList';
import { api } from '@/lib/api/client';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { formatCurrency, formatDate } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { assignDocument, useDealDocuments } from '../api';
import { useDealFromRoute } from '../use-deal';

/**
 * The deal's sales documents (DEAL-005): the list, "assign document" from the address's documents (DEAL-014) and a new
 * offer or order for the deal's address with the deal (DEAL-015, the existing new-document page).
 */
export function SaleDocumentsTab() {
  const { t, i18n } = useTranslation('deals');
  const navigate = useNavigate();
  const me = useMe().data;
  const { id, deal } = useDealFromRoute();
  const docs = useDealDocuments(id);
  const [pick, setPick] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mayChange = !!deal && hasRight(me, dealRechte(deal.status).aendern);
  const candidates = useQuery({
    queryKey: ['deals', 'record', id, 'kandidaten', deal?.adresseId],
    queryFn: async () => (await api('belegeList', { params: { filter: `adresseId=${deal?.adresseId}`, orderBy: '-id', limit: 200 } })).result,
    enabled: !!deal && mayChange,
  });
  const lang = (i18n.language.slice(0, 2) as Sprache) || 'de';
  const assigned = new Set((docs.data ?? []).map((b) => b.id));
  const options = (candidates.data ?? [])
    .filter((b) => !assigned.has(b.id))
    .map((b) => ({ value: String(b.id), label: `${b.belegnummer} · ${belegartName(b.belegart, lang)}` }));
  const newDoc = (type: string) => deal && void navigate({ href: `/saleDocument/new?id=${deal.adresseId}&type=${type}&dealId=${deal.id}` });

  const assign = async () => {
    if (!id || !pick) return;
    setBusy(true);
    try {
      await assignDocument(id, Number(pick));
      notifySuccess(t('docs.assigned'));
      setPick(null);
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="deal-documents">
      <SubList
        title={t('tabs.saleDocuments')}
        rows={docs.data}
        loading={docs.isLoading}
        rowKey={(b) => b.id}
        onRowClick={(b) => void navigate({ href: `/saleDocument/${b.id}` })}
        actions={
          hasRight(me, 'BEK_AENDERN') && (
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconFilePlus size={14} />}
                onClick={() => newDoc(BELEGARTEN.angebot.belegart)}
                data-testid="deal-new-offer"
              >
                {t('docs.newOffer')}
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconFilePlus size={14} />}
                onClick={() => newDoc(BELEGARTEN.auftrag.belegart)}
                data-testid="deal-new-order"
              >
                {t('docs.newOrder')}
              </Button>
            </Group>
          )
        }
        columns={[
          { key: 'belegnummer', label: t('docs.nummer'), render: (b) => b.belegnummer },
          { key: 'belegart', label: t('docs.art'), render: (b) => belegartName(b.belegart, lang) },
          { key: 'belegdatum', label: t('docs.datum'), render: (b) => formatDate(b.belegdatum) },
          {
            key: 'state',
            label: t('f.status'),
            render: (b) =>
              b.storniert ? (
                <Badge color="gray" variant="light">
                  {t('docs.cancelled')}
                </Badge>
              ) : b.gebucht ? (
                <Badge color="green" variant="light">
                  {t('docs.booked')}
                </Badge>
              ) : null,
          },
          { key: 'endbetragNetto', label: t('docs.netto'), align: 'right', render: (b) => formatCurrency(b.endbetragNetto) },
        ]}
        testId="deal-documents-list"
      />
      {docs.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('docs.empty')}
        </Text>
      )}
      {mayChange && (
        <Group align="flex-end" gap="sm">
          <Select
            label={t('docs.assignPick')}
            data={options}
            value={pick}
            onChange={setPick}
            searchable
            comboboxProps={{ withinPortal: true }}
            w={360}
            data-testid="deal-assign-pick"
          />
          <Button onClick={() => void assign()} disabled={!pick} loading={busy} leftSection={<IconLink size={14} />} data-testid="deal-assign">
            {t('docs.assign')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
