import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { IconChevronLeft, IconDeviceFloppy, IconRefresh } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { NumberTextInput } from '@/components/form/NumberTextInput';
import { limitProps } from '@/components/form/text-limit';
import { useProductStock } from '@/features/products/api';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { hasRight } from '@/lib/rights';
import { changePosition, type Position, usePosition } from '../api';
import { mayChange } from '../detail/SaleDocumentRecordPage';
import { isEditableStatus } from '../labels';
import { useDocumentFromRoute } from '../use-document';
import { PositionCard } from './PositionCard';
import { usePositionsPath } from './PositionsTab';
import { usePositionFailure } from './use-position-failure';
import { WarehouseSelect } from './WarehouseSelect';

type Num = number | string | null;
interface Draft {
  bezeichnung: string;
  beschreibung: string;
  menge: Num;
  einzelpreis: Num;
  rabatt1: Num;
  rabatt2: Num;
  teuerungszuschlag: Num;
  eilzuschlag: Num;
  lagId: number | null;
}
const toDraft = (p: Position): Draft => ({
  bezeichnung: p.bezeichnung,
  beschreibung: p.beschreibung ?? '',
  menge: p.menge,
  einzelpreis: p.einzelpreis,
  rabatt1: p.rabatt1,
  rabatt2: p.rabatt2,
  teuerungszuschlag: p.teuerungszuschlag,
  eilzuschlag: p.eilzuschlag,
  lagId: p.lagId,
});

/** positions/{positionId} (BEL-005): one position with all fields and its price explanation; changed here while the document is editable. */
export function PositionDetail() {
  const { t } = useTranslation(['saleDocuments', 'app']);
  const { id, doc } = useDocumentFromRoute();
  const me = useMe().data;
  const { positionId } = useParams({ strict: false }) as { positionId?: string };
  const pid = positionId && /^[1-9]\d*$/.test(positionId) ? Number(positionId) : null;
  const position = usePosition(id, pid);
  const back = usePositionsPath();
  const failure = usePositionFailure();
  const canEdit = !!doc && isEditableStatus(doc.belegstatus) && mayChange(me, doc);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const p = position.data;
  // the article's stock per warehouse, shown in the warehouse choice
  const stock = useProductStock(p?.artikelId ?? 0, canEdit && !!p?.artikelId && p.positionsArt === 'A');
  useEffect(() => {
    if (p) setDraft(toDraft(p));
  }, [p]);

  const backLink = (
    <Anchor component={Link} to={back} size="sm" data-testid="position-back">
      <Group gap={2}>
        <IconChevronLeft size={14} />
        {t('positions.back')}
      </Group>
    </Anchor>
  );
  if (!pid || position.isError)
    return (
      <Stack gap="sm">
        {backLink}
        <Alert color="gray">{t('positions.notFound')}</Alert>
      </Stack>
    );
  if (!p || !draft) return backLink;

  const save = async (extra: Record<string, unknown> = {}) => {
    if (!id) return;
    const data: Record<string, unknown> = { ...extra };
    const o = toDraft(p);
    if (draft.bezeichnung.trim() !== o.bezeichnung) data.bezeichnung = draft.bezeichnung.trim();
    if ((draft.beschreibung.trim() || null) !== (p.beschreibung ?? null)) data.beschreibung = draft.beschreibung.trim() || null;
    for (const k of ['menge', 'einzelpreis', 'rabatt1', 'rabatt2', 'teuerungszuschlag', 'eilzuschlag'] as const) {
      const v = draft[k];
      if (typeof v === 'string') return;
      if (v !== o[k] && !(extra.preisNeuErmitteln && k === 'einzelpreis')) data[k] = v ?? 0;
    }
    if (draft.lagId !== p.lagId) data.lagId = draft.lagId;
    if (Object.keys(data).length === 0) return;
    setBusy(true);
    try {
      await failure.guard(() => changePosition(id, p.id, data));
      notifySuccess(t('positions.saved'));
    } catch (e) {
      handleApiError(e, { action: 'save' });
    } finally {
      setBusy(false);
    }
  };
  const n = (k: keyof Draft, label: string, scale: number, suffix?: string) => (
    <NumberTextInput
      label={label}
      value={draft[k] as Num}
      onChange={(v) => setDraft({ ...draft, [k]: v })}
      format={{ scale, grouped: scale >= 2 }}
      rightSection={suffix}
      data-testid={`position-field-${k}`}
    />
  );
  const article = p.positionsArt === 'A';

  return (
    <Stack gap="sm" data-testid="position-detail">
      {backLink}
      <PositionCard
        p={p}
        showEk={hasRight(me, 'ART_EK')}
        title={
          <Title order={2} size="h4">
            {t('positions.detailTitle', { n: p.position })} · {p.bezeichnung}
          </Title>
        }
      />
      {canEdit && (
        <Card withBorder radius="md" padding="md">
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={article ? t('f.bezeichnung') : t('textPosition.heading')}
                  value={draft.bezeichnung}
                  onChange={(e) => setDraft({ ...draft, bezeichnung: e.currentTarget.value })}
                  {...limitProps(draft.bezeichnung, 200)}
                />
                <Textarea
                  label={t('f.beschreibung')}
                  value={draft.beschreibung}
                  onChange={(e) => setDraft({ ...draft, beschreibung: e.currentTarget.value })}
                  autosize
                  minRows={1}
                  maxRows={8}
                />
              </SimpleGrid>
              {article && (
                <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
                  {n('menge', t('f.menge'), 3)}
                  {n('einzelpreis', t('f.einzelpreis'), 4, '€')}
                  {n('rabatt1', t('f.rabatt1'), 2, '%')}
                  {n('rabatt2', t('f.rabatt2'), 2, '%')}
                  {n('teuerungszuschlag', t('f.teuerungszuschlag'), 2, '%')}
                  {n('eilzuschlag', t('f.eilzuschlag'), 2, '€')}
                </SimpleGrid>
              )}
              {article && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <WarehouseSelect
                    value={draft.lagId}
                    onChange={(lagId) => setDraft({ ...draft, lagId })}
                    placeholder={t('positions.warehouseDefault')}
                    stock={stock.data}
                    data-testid="position-field-lagId"
                  />
                </SimpleGrid>
              )}
              <Group justify="flex-end" gap="sm">
                {article && p.preisManuell && (
                  <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void save({ preisNeuErmitteln: true })} loading={busy}>
                    {t('positions.redeterminePrice')}
                  </Button>
                )}
                <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={busy} data-testid="position-save">
                  {t('app:common.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}
      {failure.dialog}
    </Stack>
  );
}
