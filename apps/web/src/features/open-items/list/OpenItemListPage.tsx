import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBellRinging } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { DataGrid } from '@/components/data-grid/DataGrid';
import { PageHeader } from '@/components/PageHeader';
import { hasRight } from '@/lib/rights';
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
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          hasRight(me, 'BEK_AENDERN') && (
            <Button leftSection={<IconBellRinging size={16} />} onClick={() => void l.dunning()} loading={l.running} data-testid="dunning-run">
              {t('dunning.title')}
            </Button>
          )
        }
      />
      {l.summary && <LevelSummary s={l.summary} search={l.search} setSearch={l.setSearch} />}
      <DataGrid<Row>
        endpoint="offenePostenList"
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
