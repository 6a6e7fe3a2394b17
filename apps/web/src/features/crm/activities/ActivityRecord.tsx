import { Group, Text } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { aktivitaetEingabe } from '@vario/contract';
import type { DefaultValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useBasisdaten, useMe } from '@/app/auth/session';
import { eagerSchema } from '@/components/form/eager-schema';
import { isNotFoundError } from '@/components/record-page/RecordNotFound';
import { SubRecordPanel } from '@/components/record-page/SubRecordPanel';
import { useRecordEditor } from '@/components/record-page/use-record-editor';
import { ActivityFields } from '@/features/addresses/activities/ActivityFields';
import { useReferenceLabels } from '@/i18n/reference';
import { formatDateTime } from '@/lib/format';
import { type Aktivitaet, deleteParentActivity, saveParentActivity, useActivityRecord } from './api';
import { type ActivityParent, activityRights } from './rights';

/** The change body: everything but the record it belongs to. */
const activityChange = aktivitaetEingabe.omit({ adresseId: true, ticketId: true, dealId: true });
const activityChangeForm = eagerSchema(activityChange);
type ActivityForm = z.input<typeof activityChange>;
const FIELDS = Object.keys(activityChange.shape);
const toForm = (a: Aktivitaet | undefined): DefaultValues<ActivityForm> =>
  a ? (Object.fromEntries(FIELDS.map((f) => [f, (a as Record<string, unknown>)[f]])) as DefaultValues<ActivityForm>) : {};

/** `{listPath}/{activityId}`: one activity of a ticket or deal, changed and deleted as the rights of `activityRights` allow. */
export function ActivityRecord({ parent, listPath }: { parent: ActivityParent; listPath: string }) {
  const { t } = useTranslation(['crm', 'fields']);
  const ref = useReferenceLabels();
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { activityId?: string };
  const activityId = params.activityId && /^[1-9]\d*$/.test(params.activityId) ? Number(params.activityId) : null;
  const activity = useActivityRecord(activityId);
  const users = useBasisdaten().data?.benutzer ?? [];
  const a = activity.data;
  const rights = activityRights(useMe().data, parent, a);

  const editor = useRecordEditor({
    schema: activityChangeForm,
    record: a,
    isNew: false,
    toFormValues: toForm,
    canEdit: rights.edit,
    canRemove: rights.remove,
    basePath: `${listPath}/${params.activityId}`,
    save: (data) => saveParentActivity(parent, activityId, data),
    remove: () => deleteParentActivity(parent, activityId as number),
    removeConfirmText: t('activities.removeConfirm'),
    onRemoved: () => void navigate({ to: listPath }),
  });

  return (
    <SubRecordPanel
      editor={editor}
      title={a ? `${ref.activityType(a.art)} · ${formatDateTime(a.datum)}` : ''}
      back={{ to: listPath, label: t('activities.backToList') }}
      loading={activity.isLoading}
      notFound={activityId === null || isNotFoundError(activity.error)}
      editDisabledReason={t('activities.noEditRight')}
      aside={
        a && (
          <Group gap="lg" mb="sm" style={{ rowGap: 2 }}>
            <Text size="xs" c="dimmed" data-testid="activity-user">
              {t('fields:benutzerId')}: {users.find((u) => u.id === a.benutzerId)?.kuerzel ?? a.benutzerId}
            </Text>
            <Text size="xs" c="dimmed">
              {t('fields:angelegtDatum')}: {formatDateTime(a.angelegtDatum)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('fields:geaendertDatum')}: {formatDateTime(a.geaendertDatum)}
            </Text>
          </Group>
        )
      }
    >
      <ActivityFields addressId={parent.addressId} />
    </SubRecordPanel>
  );
}
