import { Alert, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAddressBook, IconFilePlus } from '@tabler/icons-react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { BELEGARTEN } from '@vario/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { PageHeader } from '@/components/PageHeader';
import { addressLabel } from '@/components/pickers/AddressPicker';
import { mountedBackLink, useRouteMount } from '@/components/record-page/route-mount';
import { useAddress } from '@/features/addresses/api';
import { handleApiError } from '@/lib/api/error-handler';
import { newId } from '@/lib/id';
import { hasRight } from '@/lib/rights';
import { createDocument } from '../api';
import { NEW_DOCUMENT_TYPES, useDocumentLabels } from '../labels';
import type { SaleDocumentSearch } from '../search';
import { AddressSearchDialog } from './AddressSearchDialog';
import { DEAL_TYPES, DealTypeDialog } from './DealTypeDialog';

/**
 * /saleDocument/new?id=<address>&type=<a type a user creates>[&dealId] (BEL-006, APP-051): type and customer, then "create"
 * (one Idempotency-Key per screen, so a double click makes one document) and on to its positions. Without an address
 * the address-search dialog opens (BEL-008); below an address the address is that one. With a deal and no type the
 * document-type selection for a deal asks offer or assignment first (BEL-032).
 */
export function NewDocumentPage() {
  const { t } = useTranslation(['saleDocuments', 'app']);
  const labels = useDocumentLabels();
  const navigate = useNavigate();
  const me = useMe().data;
  const search = useSearch({ strict: false }) as SaleDocumentSearch;
  const mount = useRouteMount({ listPath: '/saleDocument', idParam: 'id', back: null });
  const mounted = mount.listPath !== '/saleDocument';
  const params = useParams({ strict: false }) as { id?: string };
  const parentAddress = mounted && params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  // the types a new document starts as: every descriptor a user creates directly (BEL-033); for a deal offer or order (BEL-032)
  const NEW_TYPES = search.dealId ? DEAL_TYPES : NEW_DOCUMENT_TYPES;
  const typeGiven = !!search.type && NEW_TYPES.includes(search.type);
  const [type, setType] = useState<string>(typeGiven && search.type ? search.type : (NEW_TYPES[0] as string));
  // a document for a deal without a type asks first: offer or assignment (BEL-032); then the address when none is given
  const [choosingType, setChoosingType] = useState(!!search.dealId && !typeGiven);
  const [adresseId, setAdresseId] = useState<number | null>(parentAddress ?? search.id ?? null);
  const [searching, setSearching] = useState(!parentAddress && !search.id);
  const [busy, setBusy] = useState(false);
  const idempotencyKey = useRef(newId());
  const address = useAddress(adresseId);
  const back = mountedBackLink(search, mount, { label: t('backToList') });
  useEffect(() => {
    // another type or address is another document
    idempotencyKey.current = newId();
  }, [type, adresseId]);

  if (!hasRight(me, 'BEK_AENDERN'))
    return (
      <>
        <PageHeader title={t('new')} back={back} />
        <Alert color="gray">{t('noEditRight')}</Alert>
      </>
    );

  const create = async () => {
    if (!adresseId) {
      setSearching(true);
      return;
    }
    setBusy(true);
    try {
      const id = await createDocument({ belegart: type, adresseId, dealId: search.dealId ?? null }, idempotencyKey.current);
      void navigate({ href: `${mount.listPath}/${id}/positions`, replace: true });
    } catch (e) {
      handleApiError(e, { action: 'save' });
    } finally {
      setBusy(false);
    }
  };
  // offer and order keep their own titles (APP-047/048); every other type "Neuer Beleg: Rechnung"
  const title =
    type === BELEGARTEN.angebot.belegart ? t('newOffer') : type === BELEGARTEN.auftrag.belegart ? t('newAssignment') : t('newOf', { type: labels.type(type) });

  return (
    <>
      <PageHeader title={title} back={back} />
      <Card withBorder radius="md" padding="md" maw={640}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <Stack gap="md">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="new-doc-type">
                {t('newDoc.type')}
              </Text>
              <SegmentedControl
                value={type}
                onChange={setType}
                data={NEW_TYPES.map((v) => ({ value: v, label: labels.type(v) }))}
                aria-labelledby="new-doc-type"
                data-testid="new-doc-type"
              />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('newDoc.address')}
              </Text>
              <Group gap="sm" justify="space-between" wrap="nowrap">
                <Text size="sm" data-testid="new-doc-address">
                  {adresseId ? (address.data ? addressLabel(address.data) : `#${adresseId}`) : t('newDoc.addressRequired')}
                </Text>
                {!parentAddress && (
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconAddressBook size={14} />}
                    onClick={() => setSearching(true)}
                    data-testid="new-doc-choose-address"
                  >
                    {t('newDoc.chooseAddress')}
                  </Button>
                )}
              </Group>
            </Stack>
            {search.dealId && (
              <Text size="sm" c="dimmed" data-testid="new-doc-deal">
                {t('newDoc.deal', { id: search.dealId })}
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => void navigate({ href: back.to })} disabled={busy}>
                {t('app:common.cancel')}
              </Button>
              <Button type="submit" leftSection={<IconFilePlus size={16} />} loading={busy} disabled={!adresseId} data-testid="new-doc-create">
                {t('newDoc.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {search.dealId && (
        <DealTypeDialog
          opened={choosingType}
          dealId={search.dealId}
          onPick={(v) => {
            setType(v);
            setChoosingType(false);
          }}
          onClose={() => void navigate({ href: back.to })}
        />
      )}
      <AddressSearchDialog
        opened={searching && !choosingType}
        onClose={() => setSearching(false)}
        onPick={(a) => {
          setAdresseId(a.id);
          setSearching(false);
        }}
      />
    </>
  );
}
