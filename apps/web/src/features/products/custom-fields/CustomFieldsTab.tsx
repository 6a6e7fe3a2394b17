import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { limitProps } from '@/components/form/text-limit';
import { LineList } from '@/components/line-list/LineList';
import { moveLine } from '@/components/line-list/line-ops';
import { hasRight } from '@/lib/rights';
import { useCustomFields, useSaveCustomFields } from '../api';
import { useProductFromRoute } from '../use-product-id';

interface Draft {
  bezeichnung: string;
  wert: string;
}
type Line = NonNullable<ReturnType<typeof useCustomFields>['data']>[number];

const toInput = (lines: readonly (Line | Draft)[]) => lines.map((l) => ({ bezeichnung: l.bezeichnung.trim(), wert: l.wert ? l.wert : null }));

/**
 * The customFields tab: bezeichnung/wert lines of /freieFelder (ART-005) in their order, each added, changed, moved
 * or deleted on its own under ART_AENDERN; the server stores the list as a whole, so every write sends all lines.
 */
export function CustomFieldsTab() {
  const { t } = useTranslation('products');
  const { id } = useProductFromRoute();
  const me = useMe().data;
  const fields = useCustomFields(id ?? 0);
  const save = useSaveCustomFields(id ?? 0);
  const lines = fields.data ?? [];

  return (
    <LineList<Line, Draft>
      title={t('tabs.customFields')}
      testId="custom-fields"
      query={{ data: fields.data && { lines: fields.data }, isLoading: fields.isLoading, refetch: fields.refetch }}
      lineKey={(l) => l.id}
      canEdit={hasRight(me, 'ART_AENDERN')}
      columns={[
        { key: 'bezeichnung', label: t('customFields.bezeichnung'), render: (l) => l.bezeichnung, width: '40%' },
        { key: 'wert', label: t('customFields.wert'), render: (l) => l.wert ?? '' },
      ]}
      addLabel={t('customFields.add')}
      emptyDraft={() => ({ bezeichnung: '', wert: '' })}
      toDraft={(l) => ({ bezeichnung: l.bezeichnung, wert: l.wert ?? '' })}
      renderEditor={(d, set) => (
        <>
          <TextInput
            label={t('customFields.bezeichnung')}
            value={d.bezeichnung}
            onChange={(e) => set({ ...d, bezeichnung: e.currentTarget.value })}
            {...limitProps(d.bezeichnung, 80)}
            required
            data-autofocus
            autoFocus
            style={{ flex: 1 }}
            data-testid="custom-field-name"
          />
          <TextInput
            label={t('customFields.wert')}
            value={d.wert}
            onChange={(e) => set({ ...d, wert: e.currentTarget.value })}
            {...limitProps(d.wert, 2000)}
            style={{ flex: 2 }}
            data-testid="custom-field-value"
          />
        </>
      )}
      add={(draft, index) => save.mutateAsync(toInput([...lines.slice(0, index), draft, ...lines.slice(index)]))}
      change={(line, draft) => save.mutateAsync(toInput(lines.map((l) => (l.id === line.id ? { ...l, ...draft } : l))))}
      move={(line, to, shown) => save.mutateAsync(toInput(moveLine(shown, shown.indexOf(line), to)))}
      remove={(line) => save.mutateAsync(toInput(lines.filter((l) => l.id !== line.id)))}
    />
  );
}
