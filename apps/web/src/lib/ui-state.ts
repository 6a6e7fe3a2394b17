import { createStore } from './store';

/** App-wide UI state shared by header, panels and the error handler. */
export const loginDialogState = createStore(false);
export const reminderPanelState = createStore(false);
export const infoDrawerState = createStore(false);
