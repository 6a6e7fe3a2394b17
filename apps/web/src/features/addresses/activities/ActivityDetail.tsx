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
import { useReferenceLabels } from '@/i18n/reference';
import { formatDateTime } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { type Aktivitaet, deleteActivity, saveActivity, useActivity } from '../api-sub';
import { numericParam } from '../use-address-id';
import { ActivityFields } from './ActivityFields';

/** The change body of an activity: everything but the address. */
const activityChange = aktivitaetEingabe.omit({ adresseId: true });
const activityChangeForm = eagerSchema(activityChange);
type ActivityForm = z.input<typeof activityChange>;
const FIELDS = Object.keys(activityChange.shape);
const toForm = (a: Aktivitaet | undefined): DefaultValues<ActivityForm> =>
  a ? (Object.fromEntries(FIELDS.map((f) => [f, (a as Record<string, unknown>)[f]])) as DefaultValues<ActivityForm>) : {};

/** /addresses/{id}/activities/{activityId}: read (ADR-052), change and delete an activity. */
export function ActivityDetail() {
  const { t } = useTranslation(['addresses', 'fields']);
  const ref = useReferenceLabels();
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { id: string; activityId: string };
  const addressId = Number(params.id);
  const activityId = numericParam(params.activityId);
  const activity = useActivity(activityId);
  const users = useBasisdaten().data?.benutzer ?? [];
  const canEdit = hasRight(useMe().data, 'ADR_AENDERN');
  const listPath = `/addresses/${addressId}/activities`;
  const a = activity.data;

  const editor = useRecordEditor({
    schema: activityChangeForm,
    record: a,
    isNew: false,
    toFormValues: toForm,
    canEdit,
    canRemove: canEdit,
    basePath: `${listPath}/${params.activityId}`,
    save: (data) => saveActivity(addressId, activityId, data),
    remove: () => deleteActivity(addressId, activityId as number),
    removeConfirmText: t('activities.removeConfirm'),
    onRemoved: () => void navigate({ to: '/addresses/$id/activities', params: { id: String(addressId) } }),
  });

  return (
    <SubRecordPanel
      editor={editor}
      title={a ? `${ref.activityType(a.art)} · ${formatDateTime(a.datum)}` : ''}
      back={{ to: listPath, label: t('activities.backToList') }}
      loading={activity.isLoading}
      notFound={activityId === null || isNotFoundError(activity.error)}
      aside={
        a && (
          <Group gap="lg" mb="sm" style={{ rowGap: 2 }}>
            <Text size="xs" c="dimmed">
              {t('fields:benutzerId')}: {users.find((u) => u.id === a.benutzerId)?.name ?? a.benutzerId}
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
      <ActivityFields addressId={addressId} />
    </SubRecordPanel>
  );
}
