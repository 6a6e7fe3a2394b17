import { MantineProvider } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Shown = { id: string; kind?: string; title?: ReactNode; message: ReactNode; autoClose?: number | boolean };
/** Every notice shown (or renewed), in order; `onScreen` is what the notifications store holds now. */
const shown: Shown[] = [];
let onScreen: Shown[] = [];
vi.mock('@mantine/notifications', () => ({
  notificationsStore: {},
  notifications: {
    updateState: (_store: unknown, update: (list: Shown[]) => Shown[]) => {
      const next = update(onScreen);
      shown.push(...next.filter((n) => !onScreen.includes(n)));
      onScreen = next;
    },
    hide: (id: string) => {
      onScreen = onScreen.filter((n) => n.id !== id);
    },
  },
}));

const { configureErrorHandler, handleApiError, notifyFailed, notifyInvalid, notifySuccess, setLocksPageAllowed, TOAST } = await import('./error-handler');
const { clearValidationNotice } = await import('./notices');
configureErrorHandler({ navigate: () => undefined, currentPath: () => '/addresses' });
const { ApiError } = await import('./errors');
const { i18n } = await import('@/i18n');

const failed = (status: number, body: Record<string, unknown> = {}) =>
  new ApiError({
    status,
    method: 'GET',
    path: '/x',
    body: { messageCode: 'X', messageParameters: [], errors: { services: [], fieldErrors: {} }, ...body },
  });
const text = (node: ReactNode) =>
  renderToStaticMarkup(<MantineProvider>{node as ReactElement}</MantineProvider>)
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&quot;', '"');

describe('handleApiError', () => {
  beforeEach(async () => {
    shown.length = 0;
    onScreen = [];
    await i18n.changeLanguage('de');
  });

  it('[HTTP-080] a failed read (a deleted record fetched again: 404) shows no notice; the same failure of a write does', () => {
    handleApiError(failed(404), { read: true });
    handleApiError(failed(409), { read: true });
    expect(shown).toHaveLength(0);
    handleApiError(failed(404));
    expect(shown).toHaveLength(1);
  });

  it('[HTTP-076] [HTTP-078] a failed delete or save says "could not be deleted/saved" in the notice', () => {
    handleApiError(failed(409, { errors: { services: [{ message: 'wird noch verwendet' }], fieldErrors: {} } }), { action: 'delete' });
    handleApiError(failed(422, { errors: { services: [{ message: 'Regel' }], fieldErrors: {} } }), { action: 'save' });
    expect(shown.map((n) => n.title)).toEqual(['Konnte nicht gelöscht werden', 'Konnte nicht gespeichert werden']);
    handleApiError(failed(422));
    expect(shown[2]?.title).toBe('Fehler');
  });

  it('[REM-021] a bulk delete with failures says how many failed and stays open', () => {
    notifyFailed(i18n.t('notify.bulkDeleteFailed', { count: 2 }));
    expect(shown[0]?.message).toBe('2 Einträge konnten nicht gelöscht werden');
    expect(shown[0]?.autoClose).toBe(false);
  });

  it('[HTTP-049] a 400 shows the service message as well as the field errors', () => {
    handleApiError(
      failed(400, {
        messageCode: 'VALIDIERUNG_FEHLGESCHLAGEN',
        errors: { services: [{ message: 'Rabatt zu hoch' }], fieldErrors: { rabatt: ['höchstens 100'] } },
      }),
    );
    const msg = text(shown[0]?.message);
    expect(msg).toContain('Rabatt zu hoch');
    expect(msg).toContain('höchstens 100');
  });

  it('[HTTP-056] a 403 for a missing licence shows the licence notice, a missing right names the right', () => {
    handleApiError(failed(403, { messageCode: 'KEINE_LIZENZ' }));
    expect(shown[0]?.message).toBe('Die erforderliche Lizenz fehlt oder ist abgelaufen.');
    handleApiError(failed(403, { messageCode: 'KEINE_BERECHTIGUNG' }));
    expect(shown[1]?.message).toBe('Keine Berechtigung für diese Aktion.');
  });

  it('a taken number (409 with field errors) names the field and the value, not "changed meanwhile"', () => {
    handleApiError(
      failed(409, {
        messageCode: 'KONFLIKT',
        errors: {
          services: [{ message: 'Der Wert „A-1" ist bereits vergeben (artikelnummer)' }],
          fieldErrors: { artikelnummer: ['Der Wert „A-1" ist bereits vergeben'] },
        },
      }),
      { action: 'save' },
    );
    const msg = text(shown[0]?.message);
    expect(msg).toContain('„A-1" ist bereits vergeben');
    expect(msg).not.toContain('inzwischen geändert');
    expect(msg.split('bereits vergeben')).toHaveLength(2);
  });

  it('[HTTP-059] a 423 names the holder; only administrators get the link to the locks page, others read until when it is locked', () => {
    const locked = () =>
      failed(423, {
        messageCode: 'DATENSATZ_GESPERRT',
        messageParameters: ['Bernd Büro', '2026-11-26T10:30:00.000Z'],
        errors: { services: [{ message: 'Der Datensatz wird gerade von Bernd Büro bearbeitet' }], fieldErrors: {} },
      });
    setLocksPageAllowed(false);
    handleApiError(locked());
    const plain = text(shown[0]?.message);
    expect(plain).toContain('Bernd Büro');
    expect(plain).toContain('Gesperrt bis');
    expect(plain).not.toContain('Zu den Sperren');
    setLocksPageAllowed(true);
    handleApiError(locked());
    expect(text(shown[1]?.message)).toContain('Zu den Sperren');
  });

  it('[issue 9 item 5] a body over the limit (413) says the limit, not "HTTP 413"', () => {
    handleApiError(failed(413, { messageCode: 'ANFRAGE_ZU_GROSS' }), { action: 'save' });
    expect(shown[0]?.message).toBe('Die Datei ist zu groß: höchstens 7 MB je Datei.');
  });

  it('[issue 9 item 5] a stock shortage (422) is one sentence with the available quantity', () => {
    const sentence = 'Nicht genügend Bestand: verfügbar sind 2';
    handleApiError(failed(422, { messageCode: 'NICHT_VERARBEITBAR', errors: { services: [{ message: sentence }], fieldErrors: { menge: [sentence] } } }));
    const msg = text(shown[0]?.message);
    expect(msg.split('Nicht genügend Bestand')).toHaveLength(2);
    expect(msg).toContain(sentence);
    expect(msg).not.toContain('menge');
  });

  it('[HTTP-070] only the catalogue timeouts are used', () => {
    expect(new Set(Object.values(TOAST))).toEqual(new Set([3000, 4000, 7000, 10_000, 12_000, 30_000]));
  });

  it('[issue 20 item 5] the same refusal four times is one notice, and one validation notice at most', () => {
    const refusal = () =>
      failed(400, {
        messageCode: 'VALIDIERUNG_FEHLGESCHLAGEN',
        errors: { services: [], fieldErrors: { menge: ['Bitte einen Wert bis 1.000.000.000 eingeben'] } },
      });
    for (let i = 0; i < 4; i++) handleApiError(refusal(), { action: 'save' });
    notifyInvalid();
    notifyInvalid({ fieldErrors: { rabatt1: 'Bitte eine Zahl eingeben' } });
    expect(onScreen).toHaveLength(1);
    expect(text(onScreen[0]?.message)).toContain('Rabatt 1');
    // the same business refusal twice is one notice too; a different one is a second
    handleApiError(failed(422, { errors: { services: [{ message: 'Regel A' }], fieldErrors: {} } }));
    handleApiError(failed(422, { errors: { services: [{ message: 'Regel A' }], fieldErrors: {} } }));
    handleApiError(failed(422, { errors: { services: [{ message: 'Regel B' }], fieldErrors: {} } }));
    expect(onScreen).toHaveLength(3);
  });

  it('[issue 20 item 5] a field error is named by its label, never the API name, with the limit', () => {
    handleApiError(
      failed(400, {
        messageCode: 'VALIDIERUNG_FEHLGESCHLAGEN',
        errors: {
          services: [{ message: 'Bitte die Eingaben prüfen!' }],
          fieldErrors: {
            menge: ['Bitte einen Wert bis 1.000.000.000 eingeben'],
            'positionen.0.einzelpreis': ['Bitte eine Zahl eingeben'],
            xyzIntern: ['falsch'],
          },
        },
      }),
    );
    const msg = text(shown[0]?.message);
    expect(msg).toContain('Menge : Bitte einen Wert bis 1.000.000.000 eingeben');
    expect(msg).toContain('Einzelpreis : Bitte eine Zahl eingeben');
    expect(msg).toContain('Eingabe : falsch');
    expect(msg).not.toMatch(/menge|einzelpreis|xyzIntern|positionen/);
    // the general request to check the entries is said once
    expect(msg.match(/prüfen/g)).toHaveLength(1);
  });

  it('[issue 20 item 5] a success removes the error notices, so "Gespeichert" stands alone; a corrected form removes the validation notice', () => {
    handleApiError(failed(400, { messageCode: 'VALIDIERUNG_FEHLGESCHLAGEN', errors: { services: [], fieldErrors: { menge: ['x'] } } }));
    handleApiError(failed(422, { errors: { services: [{ message: 'Regel' }], fieldErrors: {} } }));
    expect(onScreen).toHaveLength(2);
    notifySuccess('Gespeichert');
    expect(onScreen.map((n) => n.message)).toEqual(['Gespeichert']);
    notifyInvalid();
    expect(onScreen).toHaveLength(2);
    clearValidationNotice();
    expect(onScreen.map((n) => n.message)).toEqual(['Gespeichert']);
  });

  it('[issue 20 item 5] the tracking id sits behind "Details"', () => {
    handleApiError(failed(500, { trackingId: 'trk-1' }));
    const markup = renderToStaticMarkup(<MantineProvider>{shown[0]?.message as ReactElement}</MantineProvider>);
    expect(markup).toContain('Details');
    expect(markup).toMatch(/aria-expanded="false"/);
  });
});
