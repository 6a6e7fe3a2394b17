import { type KeyboardEvent as ReactKeyboardEvent, useEffect } from 'react';

/**
 * The one keyboard model of the forms (issue 20 item 4): Enter saves, Ctrl/⌘+Enter saves from a multi-line field too,
 * Enter in a multi-line field is a new line, Escape leaves; an open choice list (a picker, a calendar) keeps its keys.
 * The record page, the sub-record panel, the form dialog and the line editor use these; features configure them.
 */

type KeyEvent = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey' | 'isComposing' | 'defaultPrevented' | 'target'>;

const el = (t: EventTarget | null): HTMLElement | null => (t instanceof HTMLElement ? t : null);

/** A multi-line field: Enter writes a new line there. */
export const isMultiline = (t: EventTarget | null) => {
  const e = el(t);
  return !!e && (e.tagName === 'TEXTAREA' || e.isContentEditable);
};

/** A choice list (combobox, calendar, menu) is open on the element: its keys are its own. */
export const choiceOpen = (t: EventTarget | null) => {
  const e = el(t);
  return !!e && (e.getAttribute('aria-expanded') === 'true' || e.getAttribute('data-mantine-stop-propagation') === 'true');
};

/** A control whose Enter is its own action (a button, a link, a file choice). */
const ownsEnter = (t: EventTarget | null) => {
  const e = el(t);
  if (!e) return true;
  if (e.tagName === 'BUTTON' || e.tagName === 'A' || e.tagName === 'SUMMARY') return true;
  const role = e.getAttribute('role');
  if (role === 'button' || role === 'link' || role === 'tab' || role === 'menuitem' || role === 'option' || role === 'row' || role === 'gridcell') return true;
  return e instanceof HTMLInputElement && (e.type === 'button' || e.type === 'submit' || e.type === 'reset' || e.type === 'file' || e.type === 'image');
};

/** A field of a form (where Enter means "save"): an input, a select, a text area. */
const isField = (t: EventTarget | null) => {
  const e = el(t);
  return !!e && (e.tagName === 'INPUT' || e.tagName === 'SELECT' || e.tagName === 'TEXTAREA' || e.isContentEditable);
};

/** Enter (or Ctrl/⌘+Enter in a multi-line field) on a field of the form, with no choice list open: save. */
export function isSaveKey(e: KeyEvent): boolean {
  if (e.key !== 'Enter' || e.isComposing || e.defaultPrevented || e.altKey || e.shiftKey) return false;
  if (!isField(e.target) || ownsEnter(e.target) || choiceOpen(e.target)) return false;
  return isMultiline(e.target) ? e.ctrlKey || e.metaKey : true;
}

/** Escape with no choice list open (which Escape closes first): leave. */
export function isLeaveKey(e: KeyEvent): boolean {
  return e.key === 'Escape' && !e.isComposing && !e.defaultPrevented && !choiceOpen(e.target);
}

/** React hands a dialog's key events (a portal) to the page around it too: only keys pressed inside `container` count. */
export const pressedInside = (e: ReactKeyboardEvent, container: Element = e.currentTarget) => e.target instanceof Node && container.contains(e.target);

/**
 * The key handler of a form area: Enter saves, Escape leaves (both only while `active`). Keys from portals (dialogs,
 * dropdowns opened from the area) are left to them.
 */
export function formKeyHandler(opts: { active: boolean; onSave: () => void; onLeave?: () => void }) {
  return (e: ReactKeyboardEvent) => {
    if (!opts.active || !pressedInside(e)) return;
    const key: KeyEvent = {
      key: e.key,
      shiftKey: e.shiftKey,
      altKey: e.altKey,
      ctrlKey: e.ctrlKey,
      metaKey: e.metaKey,
      isComposing: e.nativeEvent.isComposing,
      defaultPrevented: e.defaultPrevented,
      target: e.target,
    };
    if (isSaveKey(key)) {
      e.preventDefault();
      opts.onSave();
    } else if (opts.onLeave && isLeaveKey(key)) {
      e.preventDefault();
      opts.onLeave();
    }
  };
}

const FIELD_SELECTOR = [
  'input:not([type=hidden]):not([type=button]):not([type=submit]):not([type=file]):not([disabled]):not([readonly])',
  'textarea:not([disabled]):not([readonly])',
  'select:not([disabled])',
  // a choice that is not searchable keeps its input read-only
  'input[readonly][aria-haspopup=listbox]:not([disabled])',
].join(',');

/** The first field of a form area that takes input (a `data-autofocus` field first). */
export function firstField(container: ParentNode): HTMLElement | null {
  const auto = container.querySelector<HTMLElement>('[data-autofocus]:not([disabled]):not([readonly])');
  if (auto && auto.tagName !== 'DIV') return auto;
  for (const f of container.querySelectorAll<HTMLElement>(FIELD_SELECTOR)) {
    // a visible one (a phone hides some columns)
    if (f.getClientRects().length > 0) return f;
  }
  return null;
}

/** Focus is not in a field (where the user may be typing): on nothing, the page, a button that started the form. */
const focusIsFree = () => {
  const a = document.activeElement;
  // a button that started the form (edit, new) or the dialog's close button gives the focus to the first field
  return !a?.isConnected || !isField(a);
};

/**
 * Focuses the first field of the area `ref` points to when `when` turns true (a new record, edit mode, an opened dialog
 * or line editor). An area or fields that appear later (a dialog's transition, a lazy tab) are waited for up to `waitMs`;
 * focus the user put into a field meanwhile is kept.
 */
export function useFocusFirstField(ref: { current: Element | null }, when: boolean, waitMs = 4000) {
  useEffect(() => {
    if (!when) return;
    const until = Date.now() + waitMs;
    let timer: ReturnType<typeof setTimeout>;
    const tryFocus = () => {
      const f = ref.current ? firstField(ref.current) : null;
      if (f) {
        // a dialog's focus trap that comes later focuses the same field
        if (!ref.current?.querySelector('[data-autofocus]')) f.setAttribute('data-autofocus', '');
        if (focusIsFree()) f.focus();
      } else if (Date.now() < until) timer = setTimeout(tryFocus, 50);
    };
    // after a dialog's own focus trap (it focuses in a task of its own)
    timer = setTimeout(tryFocus);
    return () => clearTimeout(timer);
  }, [when, ref, waitMs]);
}
