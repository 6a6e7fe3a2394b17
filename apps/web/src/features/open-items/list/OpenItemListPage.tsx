import { Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBellRinging, IconMailFast } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { DataGrid } from '@/components/data-grid/DataGrid';
import { PageHeader } from '@/components/PageHeader';
import { hasRight } from '@/lib/rights';
import { DunningPreviewDialog } from '../dunning/DunningPreviewDialog';
import { NoOpenItemRight } from '../NoOpenItemRight';
import { openItemFilter } from './list-filter';
import { LevelSummary, OpenItemFilters } from './OpenItemSections';
import { type Row, useOpenItemColumns } from './open-item-columns';
import { useOpenItemList } from './use-open-item-list';

/** /openItems: the open items (OP-001), filters, quick search over invoice number and name, the summary by level and the dunning run. */
export function OpenItemListPage() {
  const me = useMe().data;
  if (me && !hasRight(me, 'BEK_SEHEN')) return <NoOpenItemRight />;
  return <OpenItemList />;
}

function OpenItemList() {
  const { t } = useTranslation('openItems');
  const me = useMe().data;
  const phone = useMediaQuery('(max-width: 48em)', false) ?? false;
  const l = useOpenItemList();
  const columns = useOpenItemColumns(phone, l.today);
  const [preview, setPreview] = useState(false);
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/dunningRuns" variant="default" leftSection={<IconMailFast size={16} />} data-testid="dunning-runs-link">
              {t('dunning.runsTitle')}
            </Button>
            {hasRight(me, 'BEK_AENDERN') && (
              <Button leftSection={<IconBellRinging size={16} />} onClick={() => setPreview(true)} data-testid="dunning-run">
                {t('dunning.title')}
              </Button>
            )}
          </Group>
        }
      />
      <DunningPreviewDialog opened={preview} onClose={() => setPreview(false)} />
      {l.summary && <LevelSummary s={l.summary} search={l.search} setSearch={l.setSearch} />}
      <DataGrid<Row>
        endpoint="offenePostenList"
        exportEndpoint="offenePostenExport"
        presetName="OpenItems"
        keepAlive
        handle={l.grid}
        columns={columns}
        defaultPreset={{ sortBy: 'nettoFaellig', descending: false }}
        filter={openItemFilter(l.search, l.today)}
        getRowId={(r) => String(r.id)}
        onRowClick={(r) => l.open(r.id)}
        toolbar={<OpenItemFilters search={l.search} setSearch={l.setSearch} status={l.status} phone={phone} />}
      />
    </>
  );
}
