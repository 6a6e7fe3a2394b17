import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { type Ansprechpartner, ansprechpartnerEingabe } from '@vario/contract';
import type { DefaultValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMe } from '@/app/auth/session';
import { eagerSchema } from '@/components/form/eager-schema';
import { isNotFoundError } from '@/components/record-page/RecordNotFound';
import { SubRecordPanel } from '@/components/record-page/SubRecordPanel';
import { useRecordEditor } from '@/components/record-page/use-record-editor';
import { hasRight } from '@/lib/rights';
import { deletePerson, savePerson, usePerson } from '../api';
import { numericParam } from '../use-address-id';
import { PersonFields, personName } from './PersonFields';
import { PersonPictureActions, PersonPictureFloating } from './PersonPicture';

/** The form schema of the dialog (validation and field meta data). */
const ansprechpartnerEingabeForm = eagerSchema(ansprechpartnerEingabe);

type PersonForm = z.input<typeof ansprechpartnerEingabe>;
const FIELDS = Object.keys(ansprechpartnerEingabe.shape);
const toForm = (p: Ansprechpartner | undefined): DefaultValues<PersonForm> =>
  p ? (Object.fromEntries(FIELDS.map((f) => [f, (p as Record<string, unknown>)[f]])) as DefaultValues<PersonForm>) : { name: '' };

/** /addresses/{id}/persons/{personId}: the contact person form (ADR-038), delete with confirmation (ADR-048, ADR-049). */
export function PersonDetail() {
  const { t } = useTranslation('addresses');
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { id: string; personId: string };
  const search = useSearch({ strict: false }) as { created?: boolean };
  const addressId = Number(params.id);
  const personId = numericParam(params.personId);
  const person = usePerson(personId);
  const canEdit = hasRight(useMe().data, 'ADR_AENDERN');
  const listPath = `/addresses/${addressId}/persons`;

  const editor = useRecordEditor({
    schema: ansprechpartnerEingabeForm,
    record: person.data,
    isNew: false,
    toFormValues: toForm,
    canEdit,
    canRemove: canEdit,
    basePath: `${listPath}/${params.personId}`,
    save: (data) => savePerson(addressId, personId as number, data),
    remove: () => deletePerson(addressId, personId as number),
    removeConfirmText: t('persons.removeConfirm', { name: person.data ? personName(person.data) : '' }),
    onRemoved: () => void navigate({ to: '/addresses/$id/persons', params: { id: String(addressId) } }),
  });

  return (
    <>
      <SubRecordPanel
        editor={editor}
        title={person.data ? personName(person.data) : ''}
        back={{ to: listPath, label: t('persons.backToList') }}
        loading={person.isLoading}
        notFound={personId === null || isNotFoundError(person.error)}
        aside={
          <Stack gap="sm" mb="md">
            {search.created && (
              <Alert color="teal" icon={<IconCircleCheck size={18} />} withCloseButton={false} data-testid="person-created">
                {t('persons.created')}
              </Alert>
            )}
            {person.data && (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {person.data.gfxid ? t('persons.picture') : t('persons.noPicture')}
                </Text>
                <PersonPictureActions person={person.data} addressId={addressId} canEdit={canEdit} />
              </Group>
            )}
          </Stack>
        }
      >
        <PersonFields />
      </SubRecordPanel>
      {person.data && <PersonPictureFloating key={person.data.gfxid ?? 0} person={person.data} />}
    </>
  );
}
