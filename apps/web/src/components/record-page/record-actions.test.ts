import { describe, expect, it } from 'vitest';
import { type RecordAction, recordActionStates } from './record-actions';

interface Doc {
  gebucht: boolean;
}
const run = async (d: Doc) => d;
const actions: RecordAction<Doc>[] = [
  { id: 'book', label: 'Buchen', rights: ['BEL_BUCHEN'], enabled: (d) => !d.gebucht, disabledReason: () => 'Schon gebucht', run },
  { id: 'print', label: 'Drucken', run },
];
const ctx = { hasRights: (r: readonly string[]) => !r.includes('BEL_BUCHEN'), editing: false, running: null as string | null, busy: false };

describe('record actions', () => {
  it('hides an action without its right and shows none for a new record', () => {
    expect(recordActionStates(actions, { gebucht: false }, ctx).map((a) => a.id)).toEqual(['print']);
    expect(recordActionStates(actions, undefined, { ...ctx, hasRights: () => true })).toEqual([]);
  });
  it('disables an action the record does not allow, while editing and while another action runs', () => {
    const all = { ...ctx, hasRights: () => true };
    const state = (d: Doc, c = all) => Object.fromEntries(recordActionStates(actions, d, c).map((a) => [a.id, a]));
    expect(state({ gebucht: false }).book?.disabled).toBe(false);
    expect(state({ gebucht: true }).book?.disabled).toBe(true);
    expect(state({ gebucht: false }, { ...all, editing: true }).print?.disabled).toBe(true);
    const running = state({ gebucht: false }, { ...all, running: 'book' });
    expect(running.book).toMatchObject({ loading: true, disabled: false });
    expect(running.print).toMatchObject({ loading: false, disabled: true });
  });
  it('says why an action does not apply to the record — not when it only waits for another action or the edit', () => {
    const all = { ...ctx, hasRights: () => true };
    const book = (d: Doc, c = all) => recordActionStates(actions, d, c).find((a) => a.id === 'book');
    expect(book({ gebucht: true })?.reason).toBe('Schon gebucht');
    expect(book({ gebucht: false })?.reason).toBeNull();
    expect(book({ gebucht: false }, { ...all, editing: true })).toMatchObject({ disabled: true, reason: null });
  });
});
