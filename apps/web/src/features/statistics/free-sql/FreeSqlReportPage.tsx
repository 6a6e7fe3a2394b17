import { Button, Center, Group, Loader, Menu, Paper, Text } from '@mantine/core';
import { IconDownload, IconPencil, IconPlayerPlay, IconTrash, IconVariable } from '@tabler/icons-react';
import { useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { confirmDialog } from '@/components/dialogs/confirm';
import { PageHeader } from '@/components/PageHeader';
import { handleApiError, notifySuccess } from '@/lib/api/error-handler';
import { deleteFreeSql, downloadFreeSqlCsv, type Encoding, useFreeSql, useFreeSqlData } from './api';
import { FreeSqlFormDialog } from './FreeSqlFormDialog';
import { ParameterDialog } from './ParameterDialog';
import { ResultView } from './ResultView';
import { RunError } from './RunError';

/**
 * One report (STAT-019…023): first the dialog for its required parameters (STAT-021/022), then its rows from
 * /daten (STAT-023) as table or chart, CSV export in the chosen encoding; administrators change or delete it.
 */
export function FreeSqlReportPage() {
  const { t } = useTranslation('freeSql');
  const { t: tApp } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams({ strict: false }).id);
  const listPath = useLocation({ select: (l) => l.pathname.replace(/\/[^/]*\/?$/, '') });
  const isAdmin = !!useMe().data?.benutzer.istAdmin;
  const report = useFreeSql(id);
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const [asking, setAsking] = useState(true);
  const [editing, setEditing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const r = report.data;
  // a report without parameters runs at once; one with parameters asks first (STAT-021)
  const effective = values ?? (r && r.parameter.length === 0 ? {} : null);
  const data = useFreeSqlData(id, effective);

  const exportCsv = async (encoding: Encoding) => {
    if (!r || !effective) return;
    setExporting(true);
    try {
      await downloadFreeSqlCsv(id, r.name, effective, encoding);
    } catch (e) {
      handleApiError(e);
    } finally {
      setExporting(false);
    }
  };
  const remove = async () => {
    if (!r) return;
    if (!(await confirmDialog({ message: t('form.removeConfirm', { name: r.name }), confirmLabel: tApp('common.delete'), danger: true }))) return;
    try {
      await deleteFreeSql(id);
      notifySuccess(t('form.deleted'));
      void navigate({ href: listPath });
    } catch (e) {
      handleApiError(e, { action: 'delete' });
    }
  };

  if (report.isError) return <RunError error={report.error} />;
  if (!r)
    return (
      <Center py="xl">
        <Loader aria-label={t('result.running')} />
      </Center>
    );
  return (
    <>
      <PageHeader
        level={2}
        title={r.name}
        back={{ to: listPath, label: t('backToList') }}
        actions={
          <Group gap="xs">
            {r.parameter.length > 0 && (
              <Button variant="default" leftSection={<IconVariable size={16} />} onClick={() => setAsking(true)} data-testid="free-sql-values">
                {t('result.changeValues')}
              </Button>
            )}
            <Button variant="default" leftSection={<IconPlayerPlay size={16} />} disabled={!effective} onClick={() => void data.refetch()}>
              {t('result.rerun')}
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  disabled={!effective || !data.data}
                  loading={exporting}
                  data-testid="free-sql-export"
                >
                  {t('export.button')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t('export.encoding')}</Menu.Label>
                <Menu.Item onClick={() => void exportCsv('utf8')} data-testid="free-sql-export-utf8">
                  {t('export.utf8')}
                </Menu.Item>
                <Menu.Item onClick={() => void exportCsv('windows1252')} data-testid="free-sql-export-windows1252">
                  {t('export.windows1252')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            {isAdmin && (
              <>
                <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} data-testid="free-sql-edit">
                  {tApp('common.edit')}
                </Button>
                <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => void remove()} data-testid="free-sql-delete">
                  {tApp('common.delete')}
                </Button>
              </>
            )}
          </Group>
        }
      />
      <Paper withBorder p="md">
        {data.isError ? (
          <RunError error={data.error} />
        ) : data.isFetching && !data.data ? (
          <Center py="lg">
            <Loader aria-label={t('result.running')} />
          </Center>
        ) : data.data ? (
          <ResultView block={data.data} name={r.name} />
        ) : (
          <Text c="dimmed">{t('parameterDialog.intro')}</Text>
        )}
      </Paper>
      {asking && r.parameter.length > 0 && (
        <ParameterDialog
          name={r.name}
          parameter={r.parameter}
          initial={values}
          onClose={() => setAsking(false)}
          onRun={(v) => {
            setValues(v);
            setAsking(false);
          }}
        />
      )}
      {editing && <FreeSqlFormDialog report={r} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />}
    </>
  );
}
