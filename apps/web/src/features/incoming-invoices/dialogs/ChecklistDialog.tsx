import { Alert, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import {
  ERV_CHECKLISTE_UNVOLLSTAENDIG,
  ERV_KLEINBETRAG_GRENZE_EURO,
  ERV_KLEINBETRAG_ZU_HOCH,
  ERV_UNTERPUNKTE,
  type ErvCheckliste,
  type ErvCheckpunkt,
  ervPflichtUnterpunkte,
  pruefeCheckliste,
  setzeCheckpunkt,
} from '@vario/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChecklistDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The saved ticks and the gross amount (euro) the small-value limit is measured against. */
  checkliste: ErvCheckliste;
  brutto: number;
  saving: boolean;
  onSave: (c: ErvCheckliste) => void;
}

const MELDUNG_KEY = { [ERV_CHECKLISTE_UNVOLLSTAENDIG]: 'checklist.incomplete', [ERV_KLEINBETRAG_ZU_HOCH]: 'checklist.tooHigh' } as const;

/**
 * The checklist (ERV-011…017): visual check; VAT-compliant with its eight sub-items; small value. The ticks follow the
 * contract's `setzeCheckpunkt` (parent ticks children, unticking a child unticks the parent, ticking all children ticks
 * it); OK is enabled only when `pruefeCheckliste` says so, otherwise its message shows.
 */
export function ChecklistDialog({ opened, onClose, checkliste, brutto, saving, onSave }: ChecklistDialogProps) {
  const { t } = useTranslation('incomingInvoices');
  const { t: tc } = useTranslation();
  const [c, setC] = useState(checkliste);
  useEffect(() => {
    if (opened) setC(checkliste);
  }, [opened, checkliste]);
  const set = (p: ErvCheckpunkt, v: boolean) => setC((cur) => setzeCheckpunkt(cur, p, v, brutto));
  const e = pruefeCheckliste(c, brutto);
  const pflicht = ervPflichtUnterpunkte(c, brutto);
  const some = ERV_UNTERPUNKTE.some((p) => c[p]);
  const kleinZuHoch = brutto > ERV_KLEINBETRAG_GRENZE_EURO;
  const box = (p: ErvCheckpunkt, extra: { description?: string; indeterminate?: boolean; disabled?: boolean } = {}) => (
    <Checkbox key={p} checked={c[p]} onChange={(ev) => set(p, ev.currentTarget.checked)} label={t(`checklist.${p}`)} data-testid={`check-${p}`} {...extra} />
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t('checklist.title')} size="40rem" closeButtonProps={{ 'aria-label': tc('common.close') }}>
      <Stack gap="sm" data-testid="checklist-dialog">
        {box('sichtpruefung')}
        {box('ustKonform', { indeterminate: !c.ustKonform && some })}
        <Stack gap={6} pl="xl" role="group" aria-label={t('checklist.ustKonform')}>
          {ERV_UNTERPUNKTE.map((p) => box(p, pflicht.includes(p) ? {} : { description: t('checklist.notRequired') }))}
        </Stack>
        {box('kleinbetrag', { description: t('checklist.kleinbetragHint'), disabled: kleinZuHoch && !c.kleinbetrag })}
        {e.meldung && (
          <Alert color="red" variant="light" role="alert" data-testid="checklist-message">
            {t(MELDUNG_KEY[e.meldung as keyof typeof MELDUNG_KEY] ?? 'checklist.incomplete')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {tc('common.cancel')}
          </Button>
          <Button onClick={() => onSave(c)} disabled={!e.ok} loading={saving} data-testid="checklist-ok">
            {t('checklist.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
