import { ActionIcon, Button, Card, Center, Group, Loader, ScrollArea, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/dialogs/confirm';
import { formKeyHandler, useFocusFirstField } from '@/components/form/keyboard';
import { leaveDialog } from '@/components/record-page/dialogs';
import { SectionTitle } from '@/components/SectionTitle';
import { clearErrorNotices, handleApiError } from '@/lib/api/error-handler';
import { type LineMutations, withRefresh } from './line-ops';

export interface LineColumn<L> {
  key: string;
  label: ReactNode;
  render: (line: L) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
}

/** The lines and their totals as the server answers them (a query: data, loading, refetch). */
export interface LinesQuery<L, Tot> {
  data?: { lines: readonly L[]; totals?: Tot };
  isLoading: boolean;
  refetch: () => Promise<unknown>;
}

export interface LineListProps<L, D, Tot = never> extends LineMutations<L, D> {
  title: ReactNode;
  query: LinesQuery<L, Tot>;
  lineKey: (line: L) => string | number;
  columns: LineColumn<L>[];
  canEdit: boolean;
  /** The draft of a new line, and of a line being changed. */
  emptyDraft: () => D;
  toDraft: (line: L) => D;
  /** The inputs of a draft (add and change); Enter saves, Escape cancels. */
  renderEditor: (draft: D, set: (next: D) => void) => ReactNode;
  /** The server's totals below the lines (document sums, open amount …). */
  renderTotals?: (totals: Tot) => ReactNode;
  addLabel: string;
  testId: string;
}

type Editing<D> = { kind: 'add'; draft: D } | { kind: 'change'; key: string | number; draft: D } | null;

/**
 * An editable list of lines (document positions, material, payment lines, free fields): add, change, move up/down and
 * delete a line, one write at a time; after every write the lines and the server-computed totals are fetched again.
 * Every control is a button with a label, so the list works from the keyboard.
 */
export function LineList<L, D, Tot = never>(props: LineListProps<L, D, Tot>) {
  const { t } = useTranslation();
  const [editing, setEditingState] = useState<Editing<D>>(null);
  // the draft as the editor opened, to tell whether Escape discards a change
  const opened = useRef<string | null>(null);
  const setEditing = (next: Editing<D> | ((cur: Editing<D>) => Editing<D>)) => {
    setEditingState((cur) => {
      const value = typeof next === 'function' ? next(cur) : next;
      if (!value) opened.current = null;
      else if (!cur || cur.kind !== value.kind || (cur.kind === 'change' && value.kind === 'change' && cur.key !== value.key))
        opened.current = JSON.stringify(value.draft);
      return value;
    });
  };
  const editorRef = useRef<HTMLTableRowElement>(null);
  const editorKey = editing ? (editing.kind === 'add' ? 'new' : String(editing.key)) : null;
  useFocusFirstField(editorRef, editorKey !== null);
  // the closed editor gives the focus back to the add button (the keyboard goes on from the list)
  const addRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (editorKey !== null) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      if (!document.activeElement || document.activeElement === document.body) addRef.current?.focus();
    }
  }, [editorKey]);
  const [busy, setBusy] = useState(false);
  const lines = props.query.data?.lines ?? [];
  const totals = props.query.data?.totals;
  const ops = withRefresh(props, props.query.refetch);

  const write = async (run: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    try {
      await run();
      // the write went through: a notice of an earlier refusal no longer holds (issue 20 item 5)
      clearErrorNotices();
      after?.();
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  };
  const submit = () => {
    if (!editing) return;
    if (editing.kind === 'add')
      return write(
        () => ops.add(editing.draft, lines.length),
        () => setEditing(null),
      );
    const line = lines.find((l) => props.lineKey(l) === editing.key);
    if (line)
      return write(
        () => ops.change(line, editing.draft),
        () => setEditing(null),
      );
  };
  const remove = async (line: L) => {
    if (await confirmDialog({ message: t('lines.removeConfirm'), confirmLabel: t('common.delete'), danger: true })) await write(() => ops.remove(line));
  };
  /** Escape: an unchanged line closes at once, a changed one after the unsaved-data warning (save, discard, stay). */
  const leave = async () => {
    if (editing && opened.current !== JSON.stringify(editing.draft)) {
      const choice = await leaveDialog();
      if (choice === 'stay') return;
      if (choice === 'save') return submit();
    }
    setEditing(null);
  };
  // Enter saves the line, Escape leaves it (issue 20 item 4); an open article list keeps its keys
  const keys = formKeyHandler({ active: !busy, onSave: () => void submit(), onLeave: () => void leave() });
  const editorRow = (draft: D, key: string) => (
    <Table.Tr key={key} ref={editorRef} data-testid={`${props.testId}-editor`} onKeyDown={keys}>
      <Table.Td colSpan={props.columns.length}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          {props.renderEditor(draft, (next) => setEditing((cur) => (cur ? { ...cur, draft: next } : cur)))}
        </Group>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <ActionIcon variant="subtle" color="gray" onClick={() => setEditing(null)} aria-label={t('common.cancel')} disabled={busy} mr={4}>
          <IconX size={16} />
        </ActionIcon>
        <ActionIcon onClick={() => void submit()} aria-label={t('common.save')} loading={busy} data-testid={`${props.testId}-save`}>
          <IconCheck size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
  const lineRow = (line: L, index: number) => {
    const key = props.lineKey(line);
    if (editing?.kind === 'change' && editing.key === key) return editorRow(editing.draft, String(key));
    const locked = busy || editing !== null;
    const button = (label: string, icon: ReactNode, onClick: () => void, disabled: boolean, testId: string, color?: string) => (
      <Tooltip label={label} withArrow openDelay={400}>
        <ActionIcon variant="subtle" color={color ?? 'gray'} onClick={onClick} disabled={disabled} aria-label={label} data-testid={testId}>
          {icon}
        </ActionIcon>
      </Tooltip>
    );
    return (
      <Table.Tr key={key} data-testid="line-row">
        {props.columns.map((c) => (
          <Table.Td key={c.key} ta={c.align}>
            {c.render(line)}
          </Table.Td>
        ))}
        {props.canEdit && (
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            <Group gap={2} justify="flex-end" wrap="nowrap" role="group" aria-label={t('lines.lineActions', { n: index + 1 })}>
              {props.move && (
                <>
                  {button(
                    t('lines.moveUp'),
                    <IconArrowUp size={16} />,
                    () => void write(() => ops.move(line, index - 1, lines)),
                    locked || index === 0,
                    'line-up',
                  )}
                  {button(
                    t('lines.moveDown'),
                    <IconArrowDown size={16} />,
                    () => void write(() => ops.move(line, index + 1, lines)),
                    locked || index === lines.length - 1,
                    'line-down',
                  )}
                </>
              )}
              {button(t('common.edit'), <IconPencil size={16} />, () => setEditing({ kind: 'change', key, draft: props.toDraft(line) }), locked, 'line-edit')}
              {button(t('common.delete'), <IconTrash size={16} />, () => void remove(line), locked, 'line-delete', 'red')}
            </Group>
          </Table.Td>
        )}
      </Table.Tr>
    );
  };

  return (
    <Card withBorder radius="md" padding={0} data-testid={props.testId} aria-busy={busy || undefined}>
      <Group justify="space-between" p="sm" gap="sm">
        <Group gap="xs">
          <SectionTitle size="h5">{props.title}</SectionTitle>
          {!props.query.isLoading && (
            <Text size="sm" c="dimmed" data-testid="sub-count">
              {t('grid.rows', { count: lines.length })}
            </Text>
          )}
          {busy && <Loader size="xs" />}
        </Group>
        {props.canEdit && (
          <Button
            ref={addRef}
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing({ kind: 'add', draft: props.emptyDraft() })}
            disabled={busy || editing !== null}
            data-testid={`${props.testId}-add`}
          >
            {props.addLabel}
          </Button>
        )}
      </Group>
      <ScrollArea type="auto">
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((c) => (
                <Table.Th key={c.key} ta={c.align} w={c.width}>
                  {c.label}
                </Table.Th>
              ))}
              {props.canEdit && <Table.Th w={1} aria-label={t('common.actions')} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.query.isLoading
              ? [0, 1].map((i) => (
                  <Table.Tr key={i}>
                    {props.columns.map((c) => (
                      <Table.Td key={c.key}>
                        <Skeleton h={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : lines.map(lineRow)}
            {editing?.kind === 'add' && editorRow(editing.draft, 'new')}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {!props.query.isLoading && lines.length === 0 && editing?.kind !== 'add' && (
        <Center p="lg">
          <Text size="sm" c="dimmed" data-testid="sub-empty">
            {t('common.noData')}
          </Text>
        </Center>
      )}
      {totals !== undefined && props.renderTotals && (
        <Stack gap={2} p="sm" data-testid={`${props.testId}-totals`}>
          {props.renderTotals(totals)}
        </Stack>
      )}
    </Card>
  );
}
