import { z } from 'zod';
import { formatGrenze } from './format-de';

/**
 * Field errors of the request schemas in German, like every other server message (issue 9 item 11): the texts the
 * web shows for its own checks (HTTP-042 "enter a value", HTTP-043 "enter a larger value"), zod's German locale for
 * the rest. A message written in a schema still wins.
 */
export function germanIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Bitte einen Wert eingeben';
      if (issue.expected === 'int') return 'Bitte eine ganze Zahl eingeben';
      if (issue.expected === 'number') return 'Bitte eine Zahl eingeben';
      if (issue.expected === 'string') return 'Bitte einen Text eingeben';
      if (issue.expected === 'boolean') return 'Bitte ja oder nein angeben';
      return 'Ungültiger Wert';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'Bitte einen Wert eingeben' : `Mindestens ${issue.minimum} Zeichen`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Mindestens ${issue.minimum} Einträge`;
      return 'Bitte einen größeren Wert eingeben';
    case 'too_big':
      // the limit is named (and for a text how long it is now): nothing is cut without a word (issue 20 items 5, 11)
      if (issue.origin === 'string')
        return typeof issue.input === 'string' ? `Höchstens ${issue.maximum} Zeichen (jetzt ${issue.input.length})` : `Höchstens ${issue.maximum} Zeichen`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Höchstens ${issue.maximum} Einträge`;
      return (typeof issue.maximum === 'number' && Number.isFinite(issue.maximum)) || typeof issue.maximum === 'bigint'
        ? `Bitte einen Wert bis ${formatGrenze(issue.maximum)} eingeben`
        : 'Bitte einen kleineren Wert eingeben';
    case 'invalid_format':
      if (issue.format === 'email') return 'Keine gültige E-Mail-Adresse';
      if (issue.format === 'date' || issue.format === 'datetime') return 'Kein gültiges Datum';
      return 'Ungültiges Format';
    case 'invalid_value':
      return `Erlaubt sind: ${issue.values.map(String).join(', ')}`;
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? 'Bitte eine ganze Zahl eingeben' : `Bitte ein Vielfaches von ${issue.divisor} eingeben`;
    case 'unrecognized_keys':
      return `Unbekannte Felder: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

z.config({ ...z.locales.de(), customError: germanIssue });
