import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DefaultValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMe } from '@/app/auth/session';
import { confirmDialog } from '@/components/dialogs/confirm';
import { dirtyValues, type FormSchema, type ObjectSchema, useSchemaForm } from '@/components/form/schema';
import { applyServerFieldErrors } from '@/components/form/server-errors';
import { useNoticeClearing } from '@/components/form/use-notice-clearing';
import { api } from '@/lib/api/client';
import { handleApiError, notifyInvalid, notifySuccess } from '@/lib/api/error-handler';
import { isApiError } from '@/lib/api/errors';
import { hasAllRights } from '@/lib/rights';
import { askRemark, leaveDialog } from './dialogs';
import { type RecordAction, recordActionStates } from './record-actions';

export interface SaveContext {
  remark?: string;
  lockToken: string | null;
  isNew: boolean;
}

export interface RecordEditorConfig<T, S extends ObjectSchema> {
  /** The contract's input schema: validation, required and read-only fields (`lazySchema` keeps zod off the view). */
  schema: FormSchema<S>;
  record: T | undefined;
  isNew: boolean;
  toFormValues: (record: T | undefined) => DefaultValues<z.input<S>>;
  /** Record lock while editing (`tabelle` e.g. ADR); none for new records. */
  lock?: { tabelle: string; id: number | null };
  /** Ask a change remark before save and delete (ADR-017). */
  remarkRequired?: boolean;
  canEdit: boolean;
  canRemove: boolean;
  /** False for a record that cannot be changed any more (a booked document): view only, no edit button. */
  editable?: (record: T) => boolean;
  /** Actions of the record in its header (book, cancel, print, transform); see `RecordAction`. */
  actions?: readonly RecordAction<T>[];
  /** The refreshed record an action answered (e.g. to put it into the query cache). */
  onRecordChanged?: (record: T) => void;
  /** Paths below this one are the same record (tabs): leaving them is not guarded. */
  basePath: string;
  save: (data: Partial<z.output<S>>, ctx: SaveContext) => Promise<{ id: number | null }>;
  remove?: (ctx: SaveContext) => Promise<void>;
  removeConfirmText?: string;
  /** A refused delete the area shows in its own words (e.g. a ticket with activities, TKT-016): true when it did. */
  onRemoveError?: (error: unknown) => boolean;
  /** After a create, unless the create came from the leave dialog (which continues its own navigation). */
  onCreated?: (id: number) => void;
  onRemoved?: () => void;
  /** Cancel or discard of a new record navigates away (APP-065). */
  onDiscardNew?: () => void;
  onEditStart?: () => void;
}

/**
 * The edit mode of a record page: the form, the lock, save with change remark and server field errors,
 * delete with confirmation, the leave guard and the browser warning (APP-057..066, HTTP-027..031, HTTP-040/041).
 */
export function useRecordEditor<T, S extends ObjectSchema>(config: RecordEditorConfig<T, S>) {
  const { t } = useTranslation();
  const form = useSchemaForm(config.schema, config.toFormValues(config.record));
  useNoticeClearing(form);
  const [editing, setEditingState] = useState(config.isNew);
  const [busy, setBusyState] = useState<null | 'lock' | 'save' | 'remove'>(null);
  const [running, setRunning] = useState<string | null>(null);
  const me = useMe().data;
  const lockRef = useRef<{ id: number; token: string } | null>(null);
  const editingRef = useRef(editing);
  const cfg = useRef(config);
  cfg.current = config;
  // reading isDirty while rendering subscribes to it (react-hook-form's form state is a proxy)
  const dirtyRef = useRef(false);
  dirtyRef.current = form.formState.isDirty;
  const busyRef = useRef<string | null>(null);

  const setBusy = useCallback((b: null | 'lock' | 'save' | 'remove') => {
    busyRef.current = b;
    setBusyState(b);
  }, []);

  const setEditing = useCallback((on: boolean) => {
    editingRef.current = on;
    setEditingState(on);
  }, []);

  // a new record starts in edit mode; an existing one in view mode
  useEffect(() => setEditing(config.isNew), [config.isNew, setEditing]);

  // the loaded record fills the form while not editing
  const { record } = config;
  useEffect(() => {
    if (!editingRef.current || cfg.current.isNew) form.reset(cfg.current.toFormValues(record));
  }, [record, form]);

  const releaseLock = useCallback(() => {
    const lock = lockRef.current;
    lockRef.current = null;
    if (lock) void api('sperreDelete', { params: { id: lock.id } }).catch(() => undefined);
  }, []);
  useEffect(() => releaseLock, [releaseLock]);

  /** View → edit: takes the record lock first; another user's lock (423) keeps view mode (APP-060). */
  const startEdit = useCallback(async () => {
    const c = cfg.current;
    if (!c.canEdit || editingRef.current) return;
    c.schema.preload?.();
    if (c.lock?.id) {
      setBusy('lock');
      try {
        const { result } = await api('sperreCreate', { body: { data: { tabelle: c.lock.tabelle, datensatzId: c.lock.id } } });
        lockRef.current = { id: result.id, token: result.token };
      } catch (e) {
        handleApiError(e);
        setBusy(null);
        return;
      }
      setBusy(null);
    }
    setEditing(true);
    c.onEditStart?.();
  }, [setEditing]);

  const leaveEdit = useCallback(() => {
    releaseLock();
    setEditing(false);
  }, [releaseLock, setEditing]);

  /** Cancel: a new record is left, an existing one returns to its saved values. */
  const cancel = useCallback(() => {
    const c = cfg.current;
    if (c.isNew) {
      editingRef.current = false;
      c.onDiscardNew?.();
      return;
    }
    form.reset(c.toFormValues(c.record));
    leaveEdit();
  }, [form, leaveEdit]);

  const fields = Object.keys(config.schema.fields);

  /** Validates, asks the remark when required, POSTs or PATCHes; answers whether it saved. */
  const save = useCallback(
    async (opts: { fromLeaveDialog?: boolean } = {}): Promise<boolean> => {
      const c = cfg.current;
      let values: z.output<S> | null = null;
      await form.handleSubmit(
        (v) => {
          values = v;
        },
        () => undefined,
      )();
      if (!values) {
        notifyInvalid({ title: t('notify.saveFailed') });
        return false;
      }
      const data = c.isNew ? (values as Partial<z.output<S>>) : dirtyValues(values as z.output<S>, form.formState.dirtyFields);
      if (!c.isNew && Object.keys(data).length === 0) {
        leaveEdit();
        return true;
      }
      let remark: string | undefined;
      // the change remark is for changes of an existing record; a new record has nothing changed to explain (issue 20 item 11)
      if (c.remarkRequired && !c.isNew) {
        const r = await askRemark();
        if (r === null) return false;
        remark = r;
      }
      setBusy('save');
      try {
        let res: { id: number | null };
        try {
          res = await c.save(data, { remark, lockToken: lockRef.current?.token ?? null, isNew: c.isNew });
        } catch (e) {
          // the server asks for a remark the settings did not announce
          if (!remark && isApiError(e) && e.status === 400 && e.fieldErrors.ProtokollBemerkung) {
            const r = await askRemark();
            if (r === null) return false;
            remark = r;
            res = await c.save(data, { remark, lockToken: lockRef.current?.token ?? null, isNew: c.isNew });
          } else throw e;
        }
        form.reset(values as DefaultValues<z.input<S>>);
        leaveEdit();
        notifySuccess(c.isNew ? t('notify.created') : t('notify.saved'));
        if (c.isNew && res.id && !opts.fromLeaveDialog) c.onCreated?.(res.id);
        return true;
      } catch (e) {
        // the fields the server names are marked; the notice says the save failed, with the service message (HTTP-049, HTTP-078)
        if (isApiError(e) && (e.status === 400 || e.status === 409 || e.status === 422)) applyServerFieldErrors(e, form.setError, fields);
        handleApiError(e, { action: 'save' });
        return false;
      } finally {
        setBusy(null);
      }
    },
    [form, leaveEdit, t, fields],
  );

  /** Delete after confirmation (and the remark when required) (ADR-014). */
  const remove = useCallback(async () => {
    const c = cfg.current;
    if (!c.remove || !c.canRemove) return;
    const ok = await confirmDialog({ message: c.removeConfirmText ?? t('record.removeConfirm'), confirmLabel: t('common.delete'), danger: true });
    if (!ok) return;
    let remark: string | undefined;
    if (c.remarkRequired) {
      const r = await askRemark();
      if (r === null) return;
      remark = r;
    }
    setBusy('remove');
    try {
      await c.remove({ remark, lockToken: lockRef.current?.token ?? null, isNew: false });
      lockRef.current = null;
      editingRef.current = false;
      setEditing(false);
      notifySuccess(t('notify.deleted'));
      c.onRemoved?.();
    } catch (e) {
      if (!c.onRemoveError?.(e)) handleApiError(e, { action: 'delete' });
    } finally {
      setBusy(null);
    }
  }, [t, setEditing]);

  /** Runs a record action (after its confirmation); the refreshed record goes to `onRecordChanged` (APP-056). */
  const runAction = useCallback(async (id: string) => {
    const c = cfg.current;
    const action = c.actions?.find((a) => a.id === id);
    if (!action || !c.record || editingRef.current) return;
    if (action.confirm && !(await confirmDialog({ message: action.confirm(c.record), confirmLabel: action.label }))) return;
    setRunning(id);
    try {
      const fresh = await action.run(c.record);
      c.onRecordChanged?.(fresh);
    } catch (e) {
      handleApiError(e);
    } finally {
      setRunning(null);
    }
  }, []);

  /** Escape leaves edit mode: unchanged at once, changed after the unsaved-data warning (save, discard, stay). */
  const leave = useCallback(async () => {
    if (!editingRef.current || busyRef.current) return;
    if (dirtyRef.current) {
      const choice = await leaveDialog();
      if (choice === 'stay') return;
      if (choice === 'save') {
        await save();
        return;
      }
    }
    if (editingRef.current) cancel();
  }, [save, cancel]);

  // leaving the record with unsaved changes asks first; save continues the navigation (APP-063..065)
  useBlocker({
    shouldBlockFn: async ({ next }) => {
      const c = cfg.current;
      if (!editingRef.current) return false;
      if (next.pathname === c.basePath || next.pathname.startsWith(`${c.basePath}/`)) return false;
      if (!dirtyRef.current && !c.isNew) return false;
      const choice = await leaveDialog();
      if (choice === 'stay') return true;
      if (choice === 'discard') {
        editingRef.current = false;
        form.reset(c.toFormValues(c.record));
        return false;
      }
      return !(await save({ fromLeaveDialog: true }));
    },
    enableBeforeUnload: () => editingRef.current,
  });

  const readOnly = !config.isNew && config.record !== undefined && config.editable?.(config.record) === false;
  return {
    form,
    fields: config.schema.fields,
    editing,
    busy,
    isNew: config.isNew,
    /** The record cannot be changed (booked): no edit button at all. */
    readOnly,
    canEdit: config.canEdit && !readOnly,
    actions: recordActionStates(config.actions ?? [], config.isNew ? undefined : config.record, {
      hasRights: (rights) => hasAllRights(me, rights),
      editing,
      running,
      busy: busy !== null,
    }),
    runAction,
    canRemove: config.canRemove && !!config.remove && !config.isNew,
    startEdit,
    cancel,
    save,
    leave,
    remove,
  };
}

/** The editor as the page and its tabs see it, whatever the record type. */
// biome-ignore lint/suspicious/noExplicitAny: the form's value type differs per record
export type RecordEditor = Omit<ReturnType<typeof useRecordEditor>, 'form'> & { form: UseFormReturn<any, any, any> };
