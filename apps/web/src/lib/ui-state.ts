import { createStore } from './store';

/** App-wide UI state shared by header, panels and the error handler. */
export const loginDialogState = createStore(false);
export const reminderPanelState = createStore(false);
export const infoDrawerState = createStore(false);
/** Set once the cookie notice was dismissed on this device (then the banner's code is not loaded at all). */
export const COOKIE_BANNER_DISMISSED_KEY = 'vario.cookieBannerDismissed';
export const cookieBannerDismissed = () => typeof localStorage !== 'undefined' && localStorage.getItem(COOKIE_BANNER_DISMISSED_KEY) === '1';
