import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { fieldLabel } from './field-labels';
import { noticeId, upsertNotice, VALIDATION_NOTICE_ID } from './notices';

describe('notices (issue 20 item 5)', () => {
  it('every validation notice shares one id; other notices share one per kind and text', () => {
    expect(noticeId({ kind: 'validation', message: 'Bitte Eingaben prüfen!' })).toBe(VALIDATION_NOTICE_ID);
    expect(noticeId({ kind: 'validation', message: 'anders', title: 'x' })).toBe(VALIDATION_NOTICE_ID);
    expect(noticeId({ kind: 'error', message: 'A' })).toBe(noticeId({ kind: 'error', message: 'A' }));
    expect(noticeId({ kind: 'error', message: 'A' })).not.toBe(noticeId({ kind: 'error', message: 'B' }));
    expect(noticeId({ kind: 'error', message: 'A' })).not.toBe(noticeId({ kind: 'info', message: 'A' }));
    expect(noticeId({ kind: 'error', message: 'A', id: 'offline' })).toBe('offline');
    // content that is no text is compared by its key, or not at all
    expect(noticeId({ kind: 'error', message: { x: 1 } as never })).toBeNull();
    expect(noticeId({ kind: 'error', message: { x: 1 } as never, key: 'k' })).toBe('notice-error-k');
  });

  it('showing a notice of the same id replaces it in place; a new id is added', () => {
    const a = { id: 'a', message: 'eins' };
    const b = { id: 'b', message: 'zwei' };
    const list = upsertNotice(upsertNotice<{ id: string; message: string }>([], a), b);
    const again = upsertNotice(list, { id: 'a', message: 'eins, neu' });
    expect(again.map((n) => n.message)).toEqual(['eins, neu', 'zwei']);
  });

  it('a field the server names is called by its label, never by its API name', async () => {
    await i18n.changeLanguage('de');
    expect(fieldLabel('menge')).toBe('Menge');
    expect(fieldLabel('name1')).toBe('Name');
    expect(fieldLabel('mengenabhaengigePreise.menge3')).toBe('Menge 3');
    expect(fieldLabel('positionen.2.rabatt1')).toBe('Rabatt 1');
    expect(fieldLabel('ProtokollBemerkung')).toBe('Änderungsbemerkung');
    expect(fieldLabel('gibtEsNicht')).toBe('Eingabe');
    await i18n.changeLanguage('en');
    expect(fieldLabel('menge')).not.toBe('menge');
    await i18n.changeLanguage('de');
  });
});
