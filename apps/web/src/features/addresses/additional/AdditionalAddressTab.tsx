import { Badge, Button, ScrollArea, SegmentedControl, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { ZUSATZADRESS_ARTEN, zusatzadresseEingabe } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { eagerSchema } from '@/components/form/eager-schema';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { SubList } from '@/components/record-page/SubList';
import { useFieldLabel } from '@/i18n/field-label';
import { notifySuccess } from '@/lib/api/error-handler';
import { hasRight } from '@/lib/rights';
import { saveAdditionalAddress, useAdditionalAddresses, type Zusatzadresse } from '../api-sub';
import { useAddressFromRoute } from '../use-address-id';
import { AdditionalFields } from './AdditionalFields';

/** The form schema of the dialog (validation and field meta data). */
const zusatzadresseEingabeForm = eagerSchema(zusatzadresseEingabe);

const placeOf = (z: Zusatzadresse) => [z.lkz, z.plz, z.ort].filter(Boolean).join(' ');

/** Additional addresses filtered by art (ADR-034), with create. */
export function AdditionalAddressTab() {
  const { t } = useTranslation(['addresses', 'fields']);
  const navigate = useNavigate();
  const { id, address } = useAddressFromRoute();
  const addressId = id ?? 0;
  const [art, setArt] = useState<string>('all');
  const list = useAdditionalAddresses(addressId, art === 'all' ? null : art);
  const canEdit = hasRight(useMe().data, 'ADR_AENDERN');
  const [open, setOpen] = useState(false);
  const f = useFieldLabel();
  const arten: Record<string, string> = t('additional.art', { returnObjects: true });
  const artLabel = (v: string) => arten[v] ?? v;

  return (
    <>
      <SubList<Zusatzadresse>
        title={t('tabs.additionalAddress')}
        testId="additional-list"
        rows={list.data}
        loading={list.isLoading}
        rowKey={(z) => z.id}
        onRowClick={(z) => void navigate({ to: '/addresses/$id/additionalAddress/$subId', params: { id: String(addressId), subId: String(z.id) } })}
        actions={
          canEdit && (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setOpen(true)} data-testid="additional-new">
              {t('additional.new')}
            </Button>
          )
        }
        filters={
          // on a phone the kinds do not fit side by side: the control scrolls sideways instead of being cut off
          <ScrollArea type="auto" scrollbars="x" offsetScrollbars="x" maw="100%">
            <SegmentedControl
              size="xs"
              value={art}
              onChange={setArt}
              data={[{ value: 'all', label: t('additional.allKinds') }, ...ZUSATZADRESS_ARTEN.map((a) => ({ value: a, label: artLabel(a) }))]}
              data-testid="additional-art"
            />
          </ScrollArea>
        }
        columns={[
          {
            key: 'art',
            label: t('additional.fields.art'),
            render: (z) => (
              // as written (not capitals) and never narrower than its text, so the kind is read whole on a phone (not cut off)
              <Badge variant="light" tt="none" miw="max-content">
                {artLabel(z.art)}
              </Badge>
            ),
          },
          {
            key: 'name',
            label: f('name1'),
            // on a phone the place is the row's second line (two columns fit 390 px, three did not)
            render: (z) => (
              <>
                {[z.name1, z.name2].filter(Boolean).join(', ')}
                <Text size="xs" c="dimmed" hiddenFrom="xs">
                  {placeOf(z)}
                </Text>
              </>
            ),
          },
          { key: 'strasse', label: f('strasse'), render: (z) => z.strasse ?? '', visibleFrom: 'sm' },
          { key: 'ort', label: f('ort'), render: placeOf, visibleFrom: 'xs' },
          { key: 'telefon', label: f('telefon'), render: (z) => z.telefon ?? '', visibleFrom: 'md' },
        ]}
      />
      <SchemaFormDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t('additional.new')}
        schema={zusatzadresseEingabeForm}
        defaultValues={{
          art: art === 'all' ? 'LIEFERADRESSE' : (art as Zusatzadresse['art'] as 'SONSTIGE'),
          name1: address?.name1 ?? '',
          lkz: address?.lkz ?? 'DE',
        }}
        submitLabel={t('common.create')}
        onSubmit={async (values) => {
          const res = await saveAdditionalAddress(addressId, null, values);
          setOpen(false);
          notifySuccess(t('notify.created'));
          if (res.id) void navigate({ to: '/addresses/$id/additionalAddress/$subId', params: { id: String(addressId), subId: String(res.id) } });
        }}
      >
        <AdditionalFields />
      </SchemaFormDialog>
    </>
  );
}
