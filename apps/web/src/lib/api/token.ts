import { createStore } from '../store';

const TOKEN_KEY = 'vario.token';
/** When the ticket enumerations were loaded (features/tickets/enums.ts, TKT-011). */
export const TICKET_ENUM_STAMP_KEY = 'vario.ticketEnumsStamp';

const read = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY));

/** Observable mirror of the stored token, so screens react to login, logout and 401. */
export const tokenState = createStore<string | null>(read());

/** The stored login token (localStorage, survives reloads). */
export const tokenStore = {
  get: (): string | null => read(),
  set: (token: string) => {
    localStorage.setItem(TOKEN_KEY, token);
    tokenState.set(token);
  },
  /** Removes the token and the ticket-enumeration timestamp (APP-023). */
  clear: () => {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(TICKET_ENUM_STAMP_KEY);
    tokenState.set(null);
  },
};
