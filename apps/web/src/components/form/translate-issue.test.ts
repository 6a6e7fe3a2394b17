import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { numberIssue } from './input-fields';
import { translateIssue } from './schema';
import { limitProps } from './text-limit';

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

describe('limits and letters (issue 20 items 5 and 11)', () => {
  it('a text over its limit says the limit and its length; a number over its maximum names the maximum in German', async () => {
    await i18n.changeLanguage('de');
    expect(translateIssue({ type: 'too_big', message: 'Too big: expected string to have <=120 characters' }, 'x'.repeat(300))).toBe(
      'Höchstens 120 Zeichen (jetzt 300)',
    );
    expect(translateIssue({ type: 'too_big', message: 'Too big: expected number to be <=9999.99' }, 10_000)).toBe('Bitte einen Wert bis 9.999,99 eingeben');
    expect(translateIssue({ type: 'too_big', message: 'Too big: expected number to be <=1000000000' }, 2e9)).toBe(
      'Bitte einen Wert bis 1.000.000.000 eingeben',
    );
    expect(translateIssue({ type: 'too_big', message: 'zu groß' }, 5)).toBe('Bitte einen kleineren Wert eingeben');
  });

  it('letters in a number field say "Bitte eine Zahl eingeben", not "enter a larger value"', async () => {
    await i18n.changeLanguage('de');
    expect(numberIssue('abc', 3)).toBe('Bitte eine Zahl eingeben');
    expect(numberIssue('12a', 0)).toBe('Bitte eine Zahl eingeben');
    expect(numberIssue('1,5', 0)).toBe('Bitte eine ganze Zahl eingeben');
    expect(translateIssue({ type: 'invalid_type', message: 'Invalid input: expected number, received string' }, 'abc')).toBe('Bitte eine Zahl eingeben');
  });

  it('a text input shows a counter near its limit and a field error past it, keeping every character', async () => {
    await i18n.changeLanguage('de');
    expect(limitProps('x'.repeat(50), 120)).toEqual({ description: undefined, error: undefined });
    expect(limitProps('x'.repeat(100), 120).description).toBeTruthy();
    expect(limitProps('x'.repeat(100), 120).error).toBeUndefined();
    expect(limitProps('x'.repeat(300), 120, { error: 'anderer Fehler' }).error).toBe('Höchstens 120 Zeichen (jetzt 300)');
    expect(limitProps('kurz', 120, { error: 'anderer Fehler' }).error).toBe('anderer Fehler');
  });
});
