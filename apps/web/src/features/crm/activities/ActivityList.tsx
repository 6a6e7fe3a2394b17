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
import { ActivityFields } from '@/features/addresses/activities/ActivityFields';
import { usePersons } from '@/features/addresses/api';
import { personName } from '@/features/addresses/persons/PersonFields';
import { useFieldLabel } from '@/i18n/field-label';
import { useReferenceLabels } from '@/i18n/reference';
import { notifySuccess } from '@/lib/api/error-handler';
import { formatDateTime } from '@/lib/format';
import { type Aktivitaet, saveParentActivity, useParentActivities } from './api';
import { type ActivityParent, activityRights } from './rights';

const activityForm = eagerSchema(aktivitaetEingabe);

/**
 * The activities of an address, ticket or deal, newest first, with "new activity" when the user may (the one activities
 * component; the detail is `ActivityRecord` at `{listPath}/{activityId}`).
 */
export function ActivityList({ parent, listPath }: { parent: ActivityParent; listPath: string }) {
  const { t } = useTranslation(['crm', 'fields']);
  const navigate = useNavigate();
  const activities = useParentActivities(parent);
  const users = useBasisdaten().data?.benutzer ?? [];
  const rights = activityRights(useMe().data, parent);
  const [open, setOpen] = useState(false);
  const f = useFieldLabel();
  const ref = useReferenceLabels();
  const persons = usePersons(parent.addressId);
  const person = (id: number | null) => {
    const p = persons.data?.find((x) => x.id === id);
    return p ? personName(p) : '';
  };

  return (
    <>
      <SubList<Aktivitaet>
        title={t('activities.title')}
        testId="activities-list"
        rows={activities.data}
        loading={activities.isLoading}
        rowKey={(a) => a.id}
        onRowClick={(a) => void navigate({ to: `${listPath}/${a.id}` })}
        actions={
          rights.create && (
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
          { key: 'dauer', label: f('dauer'), render: (a) => t('activities.minutes', { count: a.dauer }), align: 'right', width: 110, visibleFrom: 'sm' },
          { key: 'user', label: f('benutzerId'), render: (a) => users.find((u) => u.id === a.benutzerId)?.kuerzel ?? '', width: 90, visibleFrom: 'lg' },
        ]}
      />
      <SchemaFormDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t('activities.new')}
        schema={activityForm}
        defaultValues={{ beschreibung: '', dauer: 15, datum: dayjs().second(0).millisecond(0).format(), artId: undefined }}
        submitLabel={t('common.create')}
        onSubmit={async (values) => {
          await saveParentActivity(parent, null, values);
          setOpen(false);
          notifySuccess(t('activities.created'));
        }}
      >
        <ActivityFields addressId={parent.addressId} />
      </SchemaFormDialog>
    </>
  );
}
