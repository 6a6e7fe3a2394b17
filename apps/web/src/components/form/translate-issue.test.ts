import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { translateIssue } from './schema';

describe('translateIssue', () => {
  it('[HTTP-042] [HTTP-043] chooses the text by issue code and value, not by the schema text', async () => {
    await i18n.changeLanguage('en');
    // the schema's German text is not what decides
    expect(translateIssue({ type: 'too_small', message: 'irgendein Text' }, '')).toBe(i18n.t('errors.required'));
    expect(translateIssue({ type: 'too_small', message: 'irgendein Text' }, 0)).toBe(i18n.t('errors.tooSmall'));
    expect(translateIssue({ type: 'invalid_type', message: 'x' }, null)).toBe(i18n.t('errors.required'));
    expect(translateIssue({ type: 'invalid_format', message: 'x' }, 'a@b', { email: true })).toBe(i18n.t('form.invalidEmail'));
    expect(translateIssue({ type: 'custom', message: 'Bitte einen Wert eingeben' }, undefined)).toBe(i18n.t('errors.required'));
    expect(translateIssue({ type: 'custom', message: 'Bitte einen größeren Wert eingeben' }, 0)).toBe(i18n.t('errors.tooSmall'));
    expect(translateIssue({ type: 'too_small', message: 'Please enter a last name' }, '', { requiredMessage: 'own text' })).toBe('own text');
    // server field errors are shown as sent
    expect(translateIssue({ type: 'server', message: 'Adressnummer ist vergeben' }, 'x')).toBe('Adressnummer ist vergeben');
    expect(i18n.t('errors.required')).not.toBe('Bitte einen Wert eingeben');
    await i18n.changeLanguage('de');
    expect(translateIssue({ type: 'too_small', message: 'x' }, '')).toBe('Bitte einen Wert eingeben');
  });
});
