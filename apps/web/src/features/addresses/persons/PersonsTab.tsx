import { Anchor, Avatar, Button, Group, Text } from '@mantine/core';
import { IconPlus, IconUser } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type Ansprechpartner, ansprechpartnerEingabe } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { eagerSchema } from '@/components/form/eager-schema';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { SubList } from '@/components/record-page/SubList';
import { useFieldLabel } from '@/i18n/field-label';
import { useReferenceLabels } from '@/i18n/reference';
import { notifySuccess } from '@/lib/api/error-handler';
import { hasRight } from '@/lib/rights';
import { useCreatePerson, usePersons } from '../api';
import { useAddressFromRoute } from '../use-address-id';
import { PersonFields, personName } from './PersonFields';

/** The form schema of the dialog (validation and field meta data). */
const ansprechpartnerEingabeForm = eagerSchema(ansprechpartnerEingabe);

/** Contact persons of the address by sortierung (ADR-036, ADR-037), with the create dialog (ADR-043..047). */
export function PersonsTab() {
  const { t } = useTranslation(['addresses', 'fields']);
  const navigate = useNavigate();
  const { id } = useAddressFromRoute();
  const addressId = id ?? 0;
  const persons = usePersons(addressId);
  const create = useCreatePerson(addressId);
  const canEdit = hasRight(useMe().data, 'ADR_AENDERN');
  const [open, setOpen] = useState(false);
  const f = useFieldLabel();
  const ref = useReferenceLabels();
  const open$ = (p: Ansprechpartner, created = false) =>
    void navigate({
      to: '/addresses/$id/persons/$personId',
      params: { id: String(addressId), personId: String(p.id) },
      search: created ? { created: true } : {},
    });

  return (
    <>
      <SubList<Ansprechpartner>
        title={t('tabs.persons')}
        testId="persons-list"
        rows={persons.data}
        loading={persons.isLoading}
        rowKey={(p) => p.id}
        onRowClick={(p) => open$(p)}
        actions={
          canEdit && (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setOpen(true)} data-testid="person-new">
              {t('persons.new')}
            </Button>
          )
        }
        columns={[
          {
            key: 'name',
            label: f('name'),
            render: (p) => (
              <Group gap="sm" wrap="nowrap">
                <Avatar size="sm" radius="xl" color="blue">
                  {p.name.slice(0, 1) || <IconUser size={14} />}
                </Avatar>
                <div>
                  <Text size="sm" fw={500}>
                    {personName(p)}
                  </Text>
                  {p.anrede && (
                    <Text size="xs" c="dimmed">
                      {ref.salutation(p.anrede)}
                    </Text>
                  )}
                </div>
              </Group>
            ),
          },
          { key: 'position', label: f('position'), render: (p) => [p.position, p.abteilung].filter(Boolean).join(' · '), visibleFrom: 'sm' },
          { key: 'telefon', label: f('telefon'), render: (p) => p.telefon ?? p.mobil ?? '' },
          {
            key: 'email',
            label: f('email'),
            render: (p) =>
              p.email && (
                <Anchor href={`mailto:${p.email}`} size="sm" onClick={(e) => e.stopPropagation()}>
                  {p.email}
                </Anchor>
              ),
            visibleFrom: 'md',
          },
        ]}
      />
      <SchemaFormDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t('persons.new')}
        schema={ansprechpartnerEingabeForm}
        defaultValues={{ name: '', sortierung: ((persons.data?.length ?? 0) + 1) * 10 }}
        failureMessage={t('persons.createFailed')}
        submitLabel={t('common.create')}
        onSubmit={async (values) => {
          const res = await create.mutateAsync(values);
          setOpen(false);
          notifySuccess(t('persons.created'));
          if (res.id) open$({ id: res.id } as Ansprechpartner, true);
        }}
      >
        <PersonFields compact />
      </SchemaFormDialog>
    </>
  );
}
