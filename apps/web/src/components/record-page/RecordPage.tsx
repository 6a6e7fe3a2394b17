import { Anchor, Box, Button, Group, Loader, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconDeviceFloppy, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { createContext, lazy, type ReactNode, Suspense, useContext, useRef } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formKeyHandler, useFocusFirstField } from '@/components/form/keyboard';
import { FormMetaContext } from '@/components/form/schema';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isNotFoundError, RecordNotFound } from './RecordNotFound';
import classes from './RecordPage.module.css';
import { useCollapsedBar } from './use-collapsed-bar';
import type { RecordEditor } from './use-record-editor';

// Tooltip brings the positioning library: loaded only for a record that cannot be edited
const EditDisabledTip = lazy(() => import('./EditDisabledTip').then((m) => ({ default: m.EditDisabledTip })));

export interface RecordTab {
  id: string;
  label: string;
  disabled?: boolean;
}

export interface RecordPageProps {
  title: ReactNode;
  /** The document title, e.g. "Adresse 10158" (WCAG 2.4.2); else the title when it is text. */
  documentTitle?: string;
  /** Shown under the title; a list of parts is joined with " · " (empty parts left out). */
  subtitle?: ReactNode | readonly (string | null | undefined | false)[];
  badges?: ReactNode;
  back: { to: string; label: string };
  tabs: RecordTab[];
  activeTab: string | null;
  onTabChange: (id: string) => void;
  editor: RecordEditor;
  /** Tooltip of the disabled edit button (APP-057). */
  editDisabledReason?: string;
  loading?: boolean;
  /** The record does not exist: an invalid id in the path (set by `useRecordRoute`) … */
  notFound?: boolean;
  /** … or its read failed with 404; the page shows the not-found notice with the back link (issue 9 item 6). */
  loadError?: unknown;
  children: ReactNode;
}

const RecordEditorContext = createContext<RecordEditor | null>(null);

/** The editor of the surrounding record page, for tabs that render its form. */
export function useRecordEditorContext(): RecordEditor {
  const ctx = useContext(RecordEditorContext);
  if (!ctx) throw new Error('useRecordEditorContext outside a RecordPage');
  return ctx;
}

/**
 * The record's own actions (book, print …) in view mode, each a button (`record-action-<id>`); a button the record
 * does not allow says why in its tooltip (`record-action-<id>-reason` wraps it).
 */
function ActionButtons({ editor }: { editor: RecordEditor }) {
  return editor.actions.map((a) => {
    const button = (
      <Button
        key={a.id}
        variant="light"
        leftSection={a.icon}
        onClick={() => void editor.runAction(a.id)}
        loading={a.loading}
        disabled={a.disabled}
        data-testid={`record-action-${a.id}`}
      >
        {a.label}
      </Button>
    );
    if (!a.reason) return button;
    return (
      <Suspense key={a.id} fallback={<span data-testid={`record-action-${a.id}-reason`}>{button}</span>}>
        <EditDisabledTip label={a.reason}>
          <span data-testid={`record-action-${a.id}-reason`}>{button}</span>
        </EditDisabledTip>
      </Suspense>
    );
  });
}

export function RecordActions({ editor, editDisabledReason }: { editor: RecordEditor; editDisabledReason?: string }) {
  const { t } = useTranslation();
  const busy = editor.busy !== null;
  if (!editor.editing && editor.readOnly) return <ActionButtons editor={editor} />;
  if (!editor.editing) {
    const button = (
      <Button
        leftSection={<IconPencil size={16} />}
        onClick={() => void editor.startEdit()}
        disabled={!editor.canEdit}
        loading={editor.busy === 'lock'}
        data-testid="record-edit"
      >
        {t('common.edit')}
      </Button>
    );
    return (
      // a record with several actions (book, print …) wraps them on a phone instead of widening the page
      <Group gap="xs" wrap="wrap">
        <ActionButtons editor={editor} />
        {editor.canEdit ? (
          button
        ) : (
          <Suspense fallback={<span data-testid="record-edit-disabled">{button}</span>}>
            <EditDisabledTip label={editDisabledReason ?? t('record.noEditRight')}>
              <span data-testid="record-edit-disabled">{button}</span>
            </EditDisabledTip>
          </Suspense>
        )}
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      {editor.canRemove && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => void editor.remove()}
          loading={editor.busy === 'remove'}
          disabled={busy && editor.busy !== 'remove'}
          data-testid="record-remove"
          visibleFrom="xs"
        >
          {t('common.delete')}
        </Button>
      )}
      <Button variant="default" leftSection={<IconX size={16} />} onClick={editor.cancel} disabled={busy} data-testid="record-cancel">
        {t('common.cancel')}
      </Button>
      <Button
        leftSection={<IconDeviceFloppy size={16} />}
        onClick={() => void editor.save()}
        loading={editor.busy === 'save'}
        disabled={busy && editor.busy !== 'save'}
        data-testid="record-save"
      >
        {t('common.save')}
      </Button>
    </Group>
  );
}

/**
 * The keys of a record's form (issue 20 item 4): while editing, Enter saves and Escape leaves edit mode (with the
 * unsaved-data warning when something changed); edit mode and a new record start in the first field.
 */
export function useRecordKeys(editor: RecordEditor, ready = true) {
  const content = useRef<HTMLDivElement>(null);
  useFocusFirstField(content, editor.editing && ready);
  const onKeyDown = formKeyHandler({
    active: editor.editing && editor.busy === null,
    onSave: () => void editor.save(),
    onLeave: () => void editor.leave(),
  });
  return { content, onKeyDown };
}

/**
 * The record page: sticky top bar with back link, title, badges, edit/remove/save/cancel and tabs (APP-056..061);
 * the tabs are child routes, the form is shared with them through the context.
 */
export function RecordPage(props: RecordPageProps) {
  const { editor } = props;
  const busy = editor.busy === 'save' || editor.busy === 'remove';
  const subtitle = Array.isArray(props.subtitle) ? props.subtitle.filter(Boolean).join(' · ') : props.subtitle;
  useDocumentTitle(props.documentTitle ?? (typeof props.title === 'string' ? props.title : null));
  const collapsed = useCollapsedBar();
  const keys = useRecordKeys(editor, !props.loading);
  if (props.notFound || isNotFoundError(props.loadError)) return <RecordNotFound back={props.back} />;
  return (
    <RecordEditorContext.Provider value={editor}>
      <FormProvider {...editor.form}>
        <FormMetaContext.Provider value={{ fields: editor.fields, readOnly: !editor.editing }}>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the keys of the fields inside (Enter saves, Escape leaves) */}
          <div onKeyDown={keys.onKeyDown} data-testid="record-keys">
            <Box className={classes.bar} data-testid="record-bar" data-editing={editor.editing || undefined} data-collapsed={collapsed || undefined}>
              <Anchor component={Link} to={props.back.to} size="sm" c="dimmed" className={classes.back} data-testid="record-back">
                <IconChevronLeft size={14} />
                {props.back.label}
              </Anchor>
              <Group justify="space-between" align="center" gap="sm" wrap="wrap" mt={4}>
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }} className={classes.titleRow}>
                    {props.loading ? (
                      <Skeleton h={28} w={260} />
                    ) : (
                      <Title order={1} size="h3" className={classes.title} data-testid="record-title">
                        {props.title}
                      </Title>
                    )}
                    {props.badges}
                  </Group>
                  {subtitle && (
                    <Text size="sm" c="dimmed" truncate className={classes.subtitle}>
                      {subtitle}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs">
                  {busy && <Loader size="xs" />}
                  <RecordActions editor={editor} editDisabledReason={props.editDisabledReason} />
                </Group>
              </Group>
              <Tabs
                value={props.activeTab}
                onChange={(v) => v && !busy && props.onTabChange(v)}
                loop
                activateTabWithKeyboard
                mt="sm"
                classNames={{ list: classes.tabList }}
              >
                <Tabs.List data-testid="record-tabs">
                  {props.tabs.map((tab) => (
                    <Tabs.Tab key={tab.id} value={tab.id} disabled={tab.disabled || busy} data-testid={`tab-${tab.id}`}>
                      {tab.label}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
              </Tabs>
            </Box>
            <Box ref={keys.content} pt="md" style={busy ? { pointerEvents: 'none', opacity: 0.7 } : undefined}>
              {props.children}
            </Box>
          </div>
        </FormMetaContext.Provider>
      </FormProvider>
    </RecordEditorContext.Provider>
  );
}
