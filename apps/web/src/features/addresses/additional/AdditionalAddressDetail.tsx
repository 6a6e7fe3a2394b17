import { useNavigate, useParams } from '@tanstack/react-router';
import { zusatzadresseEingabe } from '@vario/contract';
import type { DefaultValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMe } from '@/app/auth/session';
import { eagerSchema } from '@/components/form/eager-schema';
import { isNotFoundError } from '@/components/record-page/RecordNotFound';
import { SubRecordPanel } from '@/components/record-page/SubRecordPanel';
import { useRecordEditor } from '@/components/record-page/use-record-editor';
import { hasRight } from '@/lib/rights';
import { deleteAdditionalAddress, saveAdditionalAddress, useAdditionalAddress, type Zusatzadresse } from '../api-sub';
import { numericParam } from '../use-address-id';
import { AdditionalFields } from './AdditionalFields';

/** The form schema of the dialog (validation and field meta data). */
const zusatzadresseEingabeForm = eagerSchema(zusatzadresseEingabe);

type Form = z.input<typeof zusatzadresseEingabe>;
const FIELDS = Object.keys(zusatzadresseEingabe.shape);
const toForm = (z: Zusatzadresse | undefined): DefaultValues<Form> =>
  z ? (Object.fromEntries(FIELDS.map((f) => [f, (z as Record<string, unknown>)[f]])) as DefaultValues<Form>) : {};

/** /addresses/{id}/additionalAddress/{subId}: read (ADR-035), change and delete an additional address. */
export function AdditionalAddressDetail() {
  const { t } = useTranslation('addresses');
  const arten: Record<string, string> = t('additional.art', { returnObjects: true });
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { id: string; subId: string };
  const addressId = Number(params.id);
  const subId = numericParam(params.subId);
  const one = useAdditionalAddress(addressId, subId);
  const canEdit = hasRight(useMe().data, 'ADR_AENDERN');
  const listPath = `/addresses/${addressId}/additionalAddress`;

  const editor = useRecordEditor({
    schema: zusatzadresseEingabeForm,
    record: one.data,
    isNew: false,
    toFormValues: toForm,
    canEdit,
    canRemove: canEdit,
    basePath: `${listPath}/${params.subId}`,
    save: (data) => saveAdditionalAddress(addressId, subId, data),
    remove: () => deleteAdditionalAddress(addressId, subId as number),
    removeConfirmText: t('additional.removeConfirm'),
    onRemoved: () => void navigate({ to: '/addresses/$id/additionalAddress', params: { id: String(addressId) } }),
  });

  return (
    <SubRecordPanel
      editor={editor}
      title={one.data ? `${arten[one.data.art] ?? one.data.art} · ${one.data.name1}` : ''}
      back={{ to: listPath, label: t('additional.backToList') }}
      loading={one.isLoading}
      notFound={subId === null || isNotFoundError(one.error)}
    >
      <AdditionalFields />
    </SubRecordPanel>
  );
}
