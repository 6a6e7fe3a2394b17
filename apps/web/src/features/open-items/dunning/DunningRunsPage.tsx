import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { PageHeader } from '@/components/PageHeader';
import { PdfPreviewDialog } from '@/components/pdf-preview/PdfPreviewDialog';
import { SubList } from '@/components/record-page/SubList';
import { fetchBlob } from '@/lib/api/files';
import { formatCurrency, formatDate, formatDateTime } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { useDunningRun, useDunningRuns } from '../api';
import { levelColor } from '../level';
import { NoOpenItemRight } from '../NoOpenItemRight';
import { type DunningAddress, DunningItems } from './DunningItems';

const numeric = (v: string | undefined) => (v && /^[1-9]\d*$/.test(v) ? Number(v) : null);

/**
 * /dunningRuns and /dunningRuns/{id}: the dunning runs (newest first) and, for the chosen one, what it did — per
 * address the letter (its level's title, total) with the items and their new levels; each letter opens as PDF.
 */
export function DunningRunsPage() {
  const me = useMe().data;
  if (me && !hasRight(me, 'BEK_SEHEN')) return <NoOpenItemRight />;
  return <DunningRuns />;
}

function DunningRuns() {
  const { t } = useTranslation('openItems');
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { id?: string };
  const runs = useDunningRuns();
  const selected = numeric(params.id) ?? runs.data?.[0]?.id ?? null;
  return (
    <>
      <PageHeader title={t('dunning.runsTitle')} subtitle={t('dunning.runsSubtitle')} />
      <Stack gap="md">
        <SubList
          title={t('dunning.runs')}
          testId="dunning-runs"
          rows={runs.data}
          loading={runs.isLoading}
          rowKey={(r) => r.id}
          rowState={(r) => (r.id === selected ? 'selected' : undefined)}
          onRowClick={(r) => void navigate({ to: '/dunningRuns/$id', params: { id: String(r.id) } })}
          columns={[
            {
              key: 'datum',
              label: t('dunning.date'),
              render: (r) => (
                <Text size="sm" fw={r.id === selected ? 700 : undefined}>
                  {formatDate(r.datum)}
                </Text>
              ),
              width: 120,
            },
            { key: 'erhoeht', label: t('dunning.raised'), render: (r) => r.erhoeht, align: 'right', width: 110 },
            { key: 'schreiben', label: t('dunning.letters'), render: (r) => r.schreiben, align: 'right', width: 110 },
            { key: 'benutzer', label: t('dunning.by'), render: (r) => `${r.benutzerName ?? ''} · ${formatDateTime(r.zeitpunkt)}`, visibleFrom: 'sm' },
          ]}
        />
        {selected && <RunDetail id={selected} />}
      </Stack>
    </>
  );
}

function RunDetail({ id }: { id: number }) {
  const { t } = useTranslation('openItems');
  const run = useDunningRun(id);
  const [letter, setLetter] = useState<DunningAddress | null>(null);
  const r = run.data;
  if (run.isLoading || !r) return <Skeleton h={120} />;
  return (
    <Stack gap="sm" data-testid="dunning-run-detail">
      <Text fw={600} data-testid="dunning-run-title">
        {t('dunning.runTitle', { date: formatDate(r.datum), count: r.erhoeht, letters: r.schreiben })}
      </Text>
      {r.adressen.length === 0 && <Alert color="gray">{t('dunning.runEmpty')}</Alert>}
      {r.adressen.map((a) => (
        <Card key={a.adresseId} withBorder radius="md" padding="sm" data-testid="dunning-letter">
          <Group justify="space-between" wrap="wrap" gap="xs" mb={4}>
            <Group gap="xs">
              <Text fw={600}>{a.name1}</Text>
              <Text size="sm" c="dimmed">
                {[a.adressnummer, a.ort].filter(Boolean).join(' · ')}
              </Text>
            </Group>
            <Group gap="xs">
              <Badge color={levelColor(a.stufe)} variant="light" data-testid="dunning-letter-title">
                {a.titel}
              </Badge>
              <Text size="sm" fw={600}>
                {formatCurrency(a.betrag)}
              </Text>
              {a.mahnschreibenId && (
                <Button size="xs" variant="light" leftSection={<IconFileTypePdf size={14} />} onClick={() => setLetter(a)} data-testid="dunning-letter-pdf">
                  {t('dunning.openLetter')}
                </Button>
              )}
            </Group>
          </Group>
          <DunningItems address={a} />
        </Card>
      ))}
      <PdfPreviewDialog
        opened={!!letter}
        onClose={() => setLetter(null)}
        load={() => fetchBlob('GET', '/finanzen/mahnschreiben/:id/pdf', { id: letter?.mahnschreibenId ?? 0 })}
        fileName={`${letter?.titel ?? ''} ${letter?.adressnummer ?? ''} ${r.datum}.pdf`}
        title={letter ? `${letter.titel} · ${letter.name1}` : ''}
      />
    </Stack>
  );
}
