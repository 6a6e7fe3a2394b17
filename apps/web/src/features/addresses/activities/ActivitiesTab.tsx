import { Badge, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { aktivitaetEingabe } from '@vario/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasisdaten, useMe } from '@/app/auth/session';
import { eagerSchema } from '@/components/form/eager-schema';
import { SchemaFormDialog } from '@/components/record-page/SchemaFormDialog';
import { SubList } from '@/components/record-page/SubList';
import { useFieldLabel } from '@/i18n/field-label';
import { useReferenceLabels } from '@/i18n/reference';
import { notifySuccess } from '@/lib/api/error-handler';
import { formatDateTime } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { usePersons } from '../api';
import { type Aktivitaet, saveActivity, useActivities } from '../api-sub';
import { personName } from '../persons/PersonFields';
import { useAddressFromRoute } from '../use-address-id';
import { ActivityFields } from './ActivityFields';

/** The form schema of the dialog (validation and field meta data). */
const aktivitaetEingabeForm = eagerSchema(aktivitaetEingabe);

/** The activities of the address, newest first, with create (ADR-050). */
export function ActivitiesTab() {
  const { t } = useTranslation(['addresses', 'fields']);
  const navigate = useNavigate();
  const { id } = useAddressFromRoute();
  const addressId = id ?? 0;
  const activities = useActivities(addressId);
  const persons = usePersons(addressId);
  const users = useBasisdaten().data?.benutzer ?? [];
  const me = useMe().data;
  const canEdit = hasRight(me, 'ADR_AENDERN');
  const [open, setOpen] = useState(false);
  const f = useFieldLabel();
  const ref = useReferenceLabels();
  const person = (pid: number | null) => {
    const p = persons.data?.find((x) => x.id === pid);
    return p ? personName(p) : '';
  };

  return (
    <>
      <SubList<Aktivitaet>
        title={t('tabs.activities')}
        testId="activities-list"
        rows={activities.data}
        loading={activities.isLoading}
        rowKey={(a) => a.id}
        onRowClick={(a) => void navigate({ to: '/addresses/$id/activities/$activityId', params: { id: String(addressId), activityId: String(a.id) } })}
        actions={
          canEdit && (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setOpen(true)} data-testid="activity-new">
              {t('activities.new')}
            </Button>
          )
        }
        columns={[
          { key: 'datum', label: f('datum'), render: (a) => formatDateTime(a.datum), width: 150 },
          { key: 'art', label: f('artId'), render: (a) => <Badge variant="light">{ref.activityType(a.art)}</Badge>, width: 170 },
          {
            key: 'beschreibung',
            label: f('beschreibung'),
            render: (a) => (
              <Text size="sm" lineClamp={2}>
                {a.beschreibung}
              </Text>
            ),
          },
          { key: 'person', label: f('ansprechpartnerId'), render: (a) => person(a.ansprechpartnerId), visibleFrom: 'md' },
          {
            key: 'dauer',
            label: f('dauer'),
            render: (a) => t('activities.minutes', { count: a.dauer }),
            align: 'right',
            width: 110,
            visibleFrom: 'sm',
          },
          { key: 'user', label: f('benutzerId'), render: (a) => users.find((u) => u.id === a.benutzerId)?.kuerzel ?? '', visibleFrom: 'lg', width: 90 },
        ]}
      />
      <SchemaFormDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t('activities.new')}
        schema={aktivitaetEingabeForm}
        defaultValues={{ adresseId: addressId, beschreibung: '', dauer: 15, datum: dayjs().second(0).millisecond(0).format(), artId: undefined }}
        submitLabel={t('common.create')}
        onSubmit={async (values) => {
          await saveActivity(addressId, null, values);
          setOpen(false);
          notifySuccess(t('notify.created'));
        }}
      >
        <ActivityFields addressId={addressId} />
      </SchemaFormDialog>
    </>
  );
}
