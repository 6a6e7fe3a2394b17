/** Phones show lists as cards (CardListBody), desktops as the grid (GridBody). */
export const PHONE_QUERY = '(max-width: 48em)';
