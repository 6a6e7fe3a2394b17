import { ActionIcon, Anchor, Badge, Button, Card, Group, Loader, Menu, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowsMove, IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { DEAL_PHASEN, type DealPhase, type dealListe } from '@vario/contract';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMe } from '@/app/auth/session';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { formatCurrency, formatDateTime, formatPercent } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { useDealBoard, useMoveDeal } from '../api';
import { LostDialog, WonDialog } from './CloseDialogs';
import classes from './DealBoard.module.css';

type Karte = z.infer<typeof dealListe>;
const DRAG_TYPE = 'application/x-vario-deal';

/**
 * The phase board (issue 22 item 4): a column per phase of the open deals with count, planned sum and the sum weighted
 * by chance (the server's SQL), the first cards by next contact; a card moves by dragging it to another column or by
 * its "move to phase" menu (keyboard), and closes as won or lost through a dialog.
 */
export function DealBoard({ filter, recordPath }: { filter?: string; recordPath: string }) {
  const { t } = useTranslation('deals');
  const me = useMe().data;
  const board = useDealBoard(filter, undefined);
  const move = useMoveDeal();
  const mayMove = hasRight(me, 'DEALS_AENDERN');
  const [over, setOver] = useState<number | null>(null);
  const [closing, setClosing] = useState<{ karte: Karte; how: 'won' | 'lost' } | null>(null);

  const moveTo = (karte: Karte, phase: DealPhase) => {
    if (karte.phase === phase) return;
    move.mutate(
      { id: karte.id, phase },
      { onSuccess: () => notifySuccess(t('board.moved', { phase: t(`phase.${phase}`) })), onError: (e) => handleApiError(e) },
    );
  };
  const onDrop = (phase: DealPhase) => (e: DragEvent) => {
    e.preventDefault();
    setOver(null);
    const id = Number(e.dataTransfer.getData(DRAG_TYPE));
    const karte = board.data?.spalten.flatMap((s) => s.karten).find((k) => k.id === id);
    if (karte) moveTo(karte, phase);
  };

  if (!board.data) return <Loader m="xl" />;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" data-testid="deal-board">
        {board.data.spalten.map((s) => {
          const phase = s.phase as DealPhase;
          return (
            <Paper
              key={phase}
              component="section"
              withBorder
              p="sm"
              radius="md"
              className={classes.column}
              data-over={over === phase || undefined}
              aria-label={t(`phase.${phase}`)}
              data-testid={`deal-column-${phase}`}
              onDragOver={(e) => {
                if (!mayMove) return;
                e.preventDefault();
                setOver(phase);
              }}
              onDragLeave={() => setOver((o) => (o === phase ? null : o))}
              onDrop={onDrop(phase)}
            >
              <Stack gap={4} mb="sm">
                <Title order={2} size="h5">
                  {t(`phase.${phase}`)}
                </Title>
                <Text size="xs" c="dimmed" data-testid={`deal-column-${phase}-count`}>
                  {t('board.count', { count: s.anzahl })}
                </Text>
                <Group gap="xs" justify="space-between">
                  <Text size="sm">
                    {t('board.sum')}: <strong data-testid={`deal-column-${phase}-sum`}>{formatCurrency(s.summeGeplant)}</strong>
                  </Text>
                  <Text size="sm">
                    {t('board.weighted')}: <strong data-testid={`deal-column-${phase}-weighted`}>{formatCurrency(s.summeGewichtet)}</strong>
                  </Text>
                </Group>
              </Stack>
              <Stack gap="xs">
                {s.karten.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('board.empty')}
                  </Text>
                )}
                {s.karten.map((k) => (
                  <Card
                    key={k.id}
                    withBorder
                    padding="xs"
                    radius="sm"
                    draggable={mayMove}
                    onDragStart={(e: DragEvent) => {
                      e.dataTransfer.setData(DRAG_TYPE, String(k.id));
                      e.dataTransfer.effectAllowed = 'move';
                    }}
                    className={classes.card}
                    data-testid={`deal-card-${k.id}`}
                  >
                    <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
                      <Anchor component={Link} to={`${recordPath}/${k.id}/masterdata`} size="sm" fw={600} lineClamp={2}>
                        {k.titel}
                      </Anchor>
                      {mayMove && (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="subtle" size="sm" aria-label={t('board.actions', { titel: k.titel })} data-testid={`deal-card-${k.id}-menu`}>
                              <IconArrowsMove size={16} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Label>{t('board.move')}</Menu.Label>
                            {DEAL_PHASEN.filter((p) => p !== k.phase).map((p) => (
                              <Menu.Item key={p} onClick={() => moveTo(k, p)} data-testid={`deal-card-${k.id}-to-${p}`}>
                                {t('board.moveTo', { phase: t(`phase.${p}`) })}
                              </Menu.Item>
                            ))}
                            <Menu.Divider />
                            <Menu.Item
                              leftSection={<IconThumbUp size={14} />}
                              onClick={() => setClosing({ karte: k, how: 'won' })}
                              data-testid={`deal-card-${k.id}-won`}
                            >
                              {t('won.button')}
                            </Menu.Item>
                            <Menu.Item
                              leftSection={<IconThumbDown size={14} />}
                              onClick={() => setClosing({ karte: k, how: 'lost' })}
                              data-testid={`deal-card-${k.id}-lost`}
                            >
                              {t('lost.button')}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {k.adresseName}
                    </Text>
                    <Group gap="xs" mt={4}>
                      <Badge variant="light" size="sm">
                        {formatPercent(k.chance)}
                      </Badge>
                      <Text size="xs">{formatCurrency(k.investitionssummeGeplant)}</Text>
                      {k.naechsterKontakt && <Text size="xs">{formatDateTime(k.naechsterKontakt)}</Text>}
                    </Group>
                  </Card>
                ))}
                {s.mehr && (
                  <Button component={Link} to={recordPath} variant="subtle" size="xs" onClick={() => undefined} data-testid={`deal-column-${phase}-more`}>
                    {t('board.more')}
                  </Button>
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      {closing?.how === 'won' && <WonDialog deal={closing.karte} onClose={() => setClosing(null)} />}
      {closing?.how === 'lost' && <LostDialog deal={closing.karte} onClose={() => setClosing(null)} />}
    </>
  );
}
