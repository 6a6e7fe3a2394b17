import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { EndpointName } from '@vario/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryValue } from '@/lib/api/client';
import { handleApiError } from '@/lib/api/error-handler';
import { downloadExport, type ExportColumn } from './export-list';

/**
 * "Exportieren" of a list (issue 20 item 10): downloads every row of the list's current query — read when clicked — as
 * the server's CSV, with the columns shown (code columns with their labels). The grid's toolbar and the card lists of
 * the field service use it alike.
 */
export function ExportButton({
  endpoint,
  query,
  columns,
  ...button
}: {
  /** The list's export endpoint (`GET <list>/export`). */
  endpoint: EndpointName;
  /** The list's own query (filter, order, search, further parameters) at the moment of the click. */
  query: () => Record<string, QueryValue>;
  columns: () => readonly ExportColumn[];
} & Pick<ButtonProps, 'size'>) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await downloadExport(endpoint, query(), columns());
    } catch (e) {
      handleApiError(e);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} onClick={() => void run()} data-testid="grid-export" {...button}>
      {t('grid.export')}
    </Button>
  );
}
