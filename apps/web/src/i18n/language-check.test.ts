import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './namespaces';

/**
 * Issue 9 item 8: no German left in the English and French screens. A text identical to the German one is German left
 * behind, unless it is a word both languages write the same way (listed here, per language, by its text).
 */
const DEAL_WORDS = ['Deal', 'Deals', 'Deal {{nr}}', 'Marketing', 'Phase', 'Status', 'Chance (%)', 'Phase {{phase}}'];
const BOTH = [
  ...DEAL_WORDS,
  'vario',
  'OK',
  'ERP · CRM · Service',
  'Navigation',
  'Fax',
  'EAN',
  'IMEI',
  'Scanner',
  'Code: {{code}}',
  'Build {{build}}',
  'IBAN',
  'IBAN {{iban}}',
  'BIC',
];
const SAME_IN = {
  en: [
    ...BOTH,
    'Server',
    'Server offline',
    'Administrator',
    'Text',
    'Material',
    'Website',
    'Position',
    'Name',
    'Name 2',
    'Name 3',
    'Asset',
    'Assets',
    'Asset {{nr}}',
    'Ticket',
    'Tickets',
    'Ticket {{nr}}',
    'Status',
    'Bank',
  ],
  fr: [...BOTH, 'Leitweg-ID', 'Adresse {{nr}}', 'Adresse', 'Ticket', 'Tickets', 'Ticket {{nr}}'],
} as const;
/** Keys whose text is the same everywhere on purpose: language names in their own language, the spec's 404 texts. */
const SAME_KEYS = ['app:languages.de', 'app:languages.en', 'app:languages.fr', 'app:errors.notFoundPage', 'app:errors.goBack'];

const leaves = (o: object, prefix = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]]));

/** Only texts with words: numbers, placeholders, units and symbols read the same in every language. */
const hasWords = (text: string) => /\p{L}{2,}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));

describe('language check', () => {
  for (const lng of ['en', 'fr'] as const) {
    it(`[APP-002] no ${lng} text is missing or identical to the German one (except words written the same)`, () => {
      const problems: string[] = [];
      for (const [ns, texts] of Object.entries(NAMESPACES)) {
        const target = new Map(leaves(texts[lng]));
        for (const [key, de] of leaves(texts.de)) {
          const text = target.get(key);
          if (text === undefined || text.trim() === '') problems.push(`${ns}:${key} missing`);
          else if (text === de && hasWords(de) && !(SAME_IN[lng] as readonly string[]).includes(text) && !SAME_KEYS.includes(`${ns}:${key}`))
            problems.push(`${ns}:${key} = "${de}"`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
