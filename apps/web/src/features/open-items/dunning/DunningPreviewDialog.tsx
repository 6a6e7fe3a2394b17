import { Alert, Badge, Button, Card, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '@/lib/api/error-handler';
import { formatCurrency, formatDate } from '@/lib/format';
import { runDunning, useDunningPreview } from '../api';
import { levelColor } from '../level';
import { DunningItems } from './DunningItems';

/**
 * The dunning run proposes, the user confirms: the preview (nothing changed yet) lists per address the items the run
 * raises with their new levels and the letter it writes; the user may leave addresses out and confirms. The run's
 * answer (what it did) opens on the dunning screen (/dunningRuns/{id}) with the letters to open.
 */
export function DunningPreviewDialog(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('openItems');
  const navigate = useNavigate();
  const preview = useDunningPreview(props.opened);
  const data = preview.data;
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [running, setRunning] = useState(false);
  useEffect(() => {
    if (data) setChosen(new Set(data.adressen.map((a) => a.adresseId)));
  }, [data]);

  const toggle = (id: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const run = async () => {
    setRunning(true);
    try {
      const r = await runDunning([...chosen]);
      props.onClose();
      void navigate({ to: '/dunningRuns/$id', params: { id: String(r.id) } });
    } catch (e) {
      handleApiError(e);
    } finally {
      setRunning(false);
    }
  };
  const items = data?.adressen.filter((a) => chosen.has(a.adresseId)).reduce((s, a) => s + a.posten.length, 0) ?? 0;

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('dunning.previewTitle')} size="xl" centered data-testid="dunning-preview">
      {preview.isLoading || !data ? (
        <Group justify="center" p="lg">
          <Loader size="sm" />
        </Group>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" data-testid="dunning-preview-info">
            {t('dunning.previewInfo', { date: formatDate(data.datum), days: data.karenzTage })}
          </Text>
          {data.bereitsGelaufen ? (
            <Alert color="blue" data-testid="dunning-preview-already">
              {t('dunning.previewAlready')}
            </Alert>
          ) : data.adressen.length === 0 ? (
            <Alert color="gray" data-testid="dunning-preview-empty">
              {t('dunning.previewEmpty')}
            </Alert>
          ) : (
            <ScrollArea.Autosize mah="60vh" type="auto">
              <Stack gap="xs">
                {data.adressen.map((a) => (
                  <Card key={a.adresseId} withBorder padding="xs" radius="md" data-testid="dunning-address">
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Checkbox
                        checked={chosen.has(a.adresseId)}
                        onChange={(e) => toggle(a.adresseId, e.currentTarget.checked)}
                        label={`${a.name1}${a.ort ? `, ${a.ort}` : ''} (${a.adressnummer})`}
                        data-testid="dunning-address-check"
                      />
                      <Group gap="xs" wrap="nowrap">
                        <Badge color={levelColor(a.stufe)} variant="light">
                          {a.titel}
                        </Badge>
                        <Text size="sm" fw={600}>
                          {formatCurrency(a.betrag)}
                        </Text>
                      </Group>
                    </Group>
                    <DunningItems address={a} />
                  </Card>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('dunning.cancel')}
            </Button>
            {!data.bereitsGelaufen && data.adressen.length > 0 && (
              <Button onClick={() => void run()} loading={running} disabled={chosen.size === 0} data-testid="dunning-confirm">
                {t('dunning.confirmRun', { count: chosen.size, items })}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
