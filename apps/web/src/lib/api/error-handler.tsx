import { Anchor, Button, Collapse, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { type Me, MessageCode } from '@vario/contract';
import { type ReactNode, useState } from 'react';
import { i18n } from '@/i18n';
import { readDeviceCopy } from '@/lib/device-copy';
import { formatFileSize, UPLOAD_LIMIT_BYTES } from '@/lib/file-size';
import { loginDialogState } from '../ui-state';
import { onRetryAfter } from './client';
import { type ApiError, isApiError } from './errors';
import { fieldLabel } from './field-labels';
import { clearErrorNotices, type NoticeKind, showNotice } from './notices';
import { tokenStore } from './token';

/** Durations of the catalogue (3-cross-cutting §9, HTTP-070). */
export const TOAST = { info: 3000, success: 4000, bulk: 7000, locked: 10_000, generic: 10_000, service: 12_000, server: 30_000 } as const;
/** The invalid-preset message code is never shown (HTTP-055). */
const SUPPRESSED_CODES = new Set(['PRESET_UNGUELTIG']);

export interface ErrorHandlerHooks {
  navigate: (to: string) => void;
  currentPath: () => string;
}

let hooks: ErrorHandlerHooks = { navigate: (to) => window.location.assign(to), currentPath: () => window.location.pathname };

export const configureErrorHandler = (next: ErrorHandlerHooks) => {
  hooks = next;
};

/**
 * Whether the shell says "Offline" itself when a read finds no server (the technician's header badge registers this; it
 * turns the badge on): then the read gives no "connection error" notice — the device copy and the queue handle it
 * (issue 20 item 6). Writes still say it.
 */
const technicianOnDevice = () => !!readDeviceCopy<Me>('me', tokenStore.get())?.techniker;
let offlineShown: () => boolean = technicianOnDevice;
/** Until the badge registers (the session's first reads come before the shell): a technician's device copy says so. */
export const setOfflineShown = (shown?: () => boolean) => {
  offlineShown = shown ?? technicianOnDevice;
};

/** Only administrators may open the locks page: the 423 notice links there for them alone (issue 9 item 10). */
let locksPageAllowed = false;
export const setLocksPageAllowed = (allowed: boolean) => {
  locksPageAllowed = allowed;
};

/** Routes whose names start with mde show no error notifications (HTTP-069). */
const notificationsSuppressed = () => /^\/mde/i.test(hooks.currentPath());
const onLoginPage = () => hooks.currentPath().startsWith('/auth/login');

/** The message of an error, translated by messageCode with its parameters, else the server's text (HTTP-047). */
export function errorMessage(error: ApiError): string {
  const code = error.messageCode;
  const params = Object.fromEntries((error.body?.messageParameters ?? []).map((p, i) => [String(i), p]));
  const fallback = error.serverMessage ?? i18n.t('errors.unknown');
  // a code without a text of its own shows the server's text
  return code ? i18n.t(`errors.codes.${code}`, { ...params, defaultValue: fallback }) : fallback;
}

/** A sentence and the field errors under it, each named by the field's label (issue 20 item 5). */
function FieldErrorList({ main, extra = [], entries }: { main: string; extra?: string[]; entries: [string, string[]][] }) {
  if (entries.length === 0 && extra.length === 0) return <Text size="sm">{main}</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm">{main}</Text>
      <List size="sm" spacing={2}>
        {extra.map((m) => (
          <List.Item key={m}>{m}</List.Item>
        ))}
        {entries.map(([field, msgs]) => (
          <List.Item key={field} data-field={field}>
            <b>{fieldLabel(field)}</b>: {msgs.join(', ')}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function FieldErrors({ error }: { error: ApiError }) {
  const all = Object.entries(error.fieldErrors);
  const services = (error.body?.errors?.services ?? []).map((s) => s.message);
  // a business rule or a taken value (409, 422) is said in the server's own sentence ("Nicht genügend Bestand: verfügbar
  // sind 2", "Der Wert „A-1" ist bereits vergeben"), not as the code's general text ("changed meanwhile")
  // (with field errors: the sentence names the field's problem); without field errors the code's text leads (HTTP-047)
  const main = (error.status === 409 || error.status === 422) && all.length > 0 && error.serverMessage ? error.serverMessage : errorMessage(error);
  // a field error the main sentence already says is not listed twice
  const entries = all.filter(([, msgs]) => !msgs.every((m) => main.includes(m)));
  // the service message that only repeats a field error (or the general request to check the entries) is not listed
  const extra = services.filter((s) => s !== main && !all.some(([, msgs]) => msgs.some((m) => s.includes(m))) && !/prüfen!?$/.test(s));
  return <FieldErrorList main={main} extra={extra} entries={entries} />;
}

/** The tracking id behind a "Details" disclosure: there for support, not in the clerk's face (issue 20 item 5). */
function TrackingId({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={2} mt={4}>
      <Anchor
        size="xs"
        c="dimmed"
        component="button"
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        style={{ alignSelf: 'flex-start' }}
        data-testid="error-details"
      >
        {i18n.t('errors.details')}
      </Anchor>
      <Collapse expanded={open}>
        {/* wraps in the notice's width: the copy button is never cut off (issue 9 item 5) */}
        <Group gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed" ff="monospace" data-testid="tracking-id" style={{ overflowWrap: 'anywhere' }}>
            {i18n.t('errors.trackingId', { id })}
          </Text>
          <CopyButton value={id}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" color={copied ? 'teal' : 'gray'} onClick={copy}>
                {copied ? i18n.t('common.copied') : i18n.t('errors.copyTrackingId')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Collapse>
    </Stack>
  );
}

/** What a failed call was doing: a save or a delete names that in the notice's title (HTTP-076, HTTP-078). */
export type FailedAction = 'save' | 'delete';
let failedAction: FailedAction | undefined;
const errorTitle = () =>
  failedAction === 'save' ? i18n.t('notify.saveFailed') : failedAction === 'delete' ? i18n.t('notify.deleteFailed') : i18n.t('errors.title');

/** An error notice; the same text again replaces it, and a refused entry is the one validation notice (issue 20 item 5). */
const red = (message: ReactNode, autoClose: number | false = false, id?: string, key?: string, kind: NoticeKind = 'error') =>
  showNotice({ kind, id, key, title: errorTitle(), message, autoClose, withBorder: true });

/** A stable key of an error's content, so the same refusal shown twice is one notice. */
const errorKey = (error: ApiError) => JSON.stringify([error.status, error.messageCode, error.serverMessage, error.fieldErrors]);

/** A failed read shows only what the user can act on: offline, a refused filter, a licence, a server fault (HTTP-080). */
const SHOWN_ON_READ = new Set([0, 400, 403, 500]);

function handleUnauthorized(error: ApiError) {
  tokenStore.clear();
  if (!notificationsSuppressed()) red(error.serverMessage ?? errorMessage(error), false, 'session-401');
  // One persistent dialog at a time (HTTP-052); the login page itself needs none.
  if (!onLoginPage()) loginDialogState.set(true);
}

export interface HandleErrorOptions {
  /** No notice at all (session handling stays). */
  silent?: boolean;
  /** A read (query, tab): most failures stay silent, a deleted record's 404 included (HTTP-080). */
  read?: boolean;
  /** A failed save or delete says so in the notice's title (HTTP-076, HTTP-078, REM-021). */
  action?: FailedAction;
}

/** The status catalogue of 3-cross-cutting §8, applied to every failed call. `silent` keeps toasts away but not session handling. */
export function handleApiError(error: unknown, opts: HandleErrorOptions = {}) {
  failedAction = opts.action;
  try {
    showApiError(error, opts);
  } finally {
    failedAction = undefined;
  }
}

function showApiError(error: unknown, opts: HandleErrorOptions) {
  if (!isApiError(error)) {
    if ((error as Error)?.name !== 'AbortError') console.error(error);
    return;
  }
  const status = error.status;
  if (status === 401) return handleUnauthorized(error);
  if (status === 424) return hooks.navigate('/logout');
  if (status === 503 && (error.messageCode === MessageCode.maintenance || !error.body?.errors?.services?.length)) return hooks.navigate('/error/503');
  if (opts.silent || notificationsSuppressed()) return;
  if (opts.read && !SHOWN_ON_READ.has(status)) return;
  if (error.messageCode && SUPPRESSED_CODES.has(error.messageCode)) return;

  switch (status) {
    case 0:
      if (opts.read && offlineShown()) return;
      if (!onLoginPage()) red(i18n.t('errors.connectionError'), TOAST.generic, 'offline');
      return;
    case 400:
      // refused entries: the one validation notice (a second refusal replaces it, never stacks)
      return red(<FieldErrors error={error} />, false, undefined, errorKey(error), 'validation');
    case 402:
    case 405:
    case 409:
    case 422:
      return red(<FieldErrors error={error} />, TOAST.service, undefined, errorKey(error));
    case 403: {
      // A right the server refuses (messageCode KEINE_BERECHTIGUNG) is named as such, not as a missing licence (HTTP-056).
      if (error.messageCode === 'KEINE_BERECHTIGUNG') return red(errorMessage(error));
      const server = error.headers?.get('Server') ?? error.headers?.get('X-Load-Balancer') ?? '';
      return red(/load.?balancer|big-?ip|f5|haproxy/i.test(server) ? i18n.t('errors.firewall') : i18n.t('errors.licence'));
    }
    case 404:
      return red(i18n.t('errors.recordNotFound'));
    case 413:
      // a body over the server's limit says the limit, not "HTTP 413"
      return red(i18n.t('errors.uploadTooLarge', { limit: formatFileSize(UPLOAD_LIMIT_BYTES) }), TOAST.generic);
    case 423: {
      // the locks page is for administrators; everyone else reads who holds the record and until when
      const until = error.body?.messageParameters?.[1];
      const untilText =
        until && !Number.isNaN(Date.parse(until)) ? new Date(until).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }) : null;
      return showNotice({
        kind: 'info',
        key: errorKey(error),
        title: i18n.t('errors.lockedTitle'),
        autoClose: TOAST.locked,
        withBorder: true,
        message: (
          <Stack gap={4}>
            <Text size="sm">{errorMessage(error)}</Text>
            {locksPageAllowed ? (
              <Anchor size="sm" component="button" type="button" onClick={() => hooks.navigate('/system/locks')} data-testid="locked-link">
                {i18n.t('errors.lockedLink')}
              </Anchor>
            ) : (
              untilText && (
                <Text size="sm" data-testid="locked-until">
                  {i18n.t('errors.lockedUntil', { time: untilText })}
                </Text>
              )
            )}
          </Stack>
        ),
      });
    }
    case 500:
      return showNotice({
        kind: 'error',
        key: errorKey(error),
        title: failedAction ? errorTitle() : i18n.t('errors.serverErrorTitle'),
        autoClose: TOAST.server,
        withBorder: true,
        message: (
          <Stack gap={2}>
            <Text size="sm">{i18n.t('errors.serverError')}</Text>
            {error.trackingId && <TrackingId id={error.trackingId} />}
          </Stack>
        ),
      });
    case 503:
      return red(<FieldErrors error={error} />, false, undefined, errorKey(error));
    default:
      return red(
        <Stack gap={2}>
          <Text size="sm">{i18n.t('errors.generic', { status })}</Text>
          {error.trackingId && <TrackingId id={error.trackingId} />}
        </Stack>,
        TOAST.generic,
        undefined,
        errorKey(error),
      );
  }
}

onRetryAfter((seconds) => {
  if (notificationsSuppressed()) return;
  showNotice({ kind: 'warning', id: 'retry-429', message: i18n.t('errors.tooManyRequests', { seconds }), autoClose: seconds * 1000 });
});

/** A success: the error notices of the problem it solved go first, so "Gespeichert" never stands beside them. */
export const notifySuccess = (message: string) => showNotice({ kind: 'success', message, autoClose: TOAST.success });
/** A failure the caller counted itself (a bulk delete's failed part), open until closed like every error (HTTP-072). */
export const notifyFailed = (message: string) => showNotice({ kind: 'error', title: i18n.t('notify.failed'), message, autoClose: false, withBorder: true });
/** A bulk delete's failed part: how many could not be deleted, for 7 s (HTTP-034). */
export const notifyBulkDeleteFailed = (count: number) =>
  showNotice({ kind: 'error', title: i18n.t('notify.failed'), message: i18n.t('notify.bulkDeleteFailed', { count }), autoClose: TOAST.bulk, withBorder: true });
export const notifyInfo = (message: string) => showNotice({ kind: 'info', message, autoClose: TOAST.info });
/**
 * Entries refused before sending: the one validation notice (never a stack of them), listing the field errors by the
 * fields' labels when given.
 */
export const notifyInvalid = (opts: { message?: string; title?: string; fieldErrors?: Record<string, string> } = {}) => {
  const main = opts.message ?? i18n.t('errors.checkEntries');
  const entries = Object.entries(opts.fieldErrors ?? {}).map(([f, m]): [string, string[]] => [f, [m]]);
  showNotice({ kind: 'validation', title: opts.title, message: <FieldErrorList main={main} entries={entries} />, autoClose: TOAST.bulk });
};
export { clearErrorNotices };
