import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SubList } from '@/components/record-page/SubList';
import { formatDate, formatTime } from '@/lib/format';
import { useDocumentHistory } from '../api';
import { useDocumentFromRoute } from '../use-document';

/** The status rows of the document: code letter, text, user, date and time, newest first (BEL-020, BEL-021). */
export function HistoryTab() {
  const { t } = useTranslation('saleDocuments');
  const { id } = useDocumentFromRoute();
  const rows = useDocumentHistory(id);
  type Row = NonNullable<typeof rows.data>[number];
  return (
    <SubList<Row>
      title={t('history.title')}
      testId="document-history"
      rows={rows.data}
      loading={rows.isLoading}
      rowKey={(r) => r.id}
      columns={[
        {
          key: 'art',
          label: t('f.art'),
          width: 70,
          render: (r) => (
            <Badge variant="light" color="gray" ff="monospace" data-testid="history-code">
              {r.art}
            </Badge>
          ),
        },
        { key: 'text', label: t('f.text'), render: (r) => <Text size="sm">{r.text}</Text> },
        { key: 'benutzer', label: t('f.benutzer'), render: (r) => r.benutzer ?? '', width: 120 },
        { key: 'datum', label: t('f.datum'), render: (r) => formatDate(r.zeitpunkt), width: 110 },
        { key: 'uhrzeit', label: t('f.uhrzeit'), render: (r) => formatTime(r.zeitpunkt), width: 80 },
      ]}
    />
  );
}
