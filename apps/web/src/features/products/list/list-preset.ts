/** The product list's order when the user has saved none: by product number. */
export const PRODUCT_LIST_PRESET = { sortBy: 'artikelnummer', descending: false };
