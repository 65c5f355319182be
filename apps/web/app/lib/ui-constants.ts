/** Display constants of the specification (section 9) that only the web app uses. */

/** Products the home page asks for per block, and how many of them each block shows. */
export const HOME_PRODUCT_FETCH = 8;
export const HOME_SECTION_SIZE = 4;
export const FEATURED_PRODUCT_COUNT = 4;
export const POPULAR_CATEGORY_COUNT = 8;
export const BANNER_INTERVAL_MS = 5000;
export const SKELETON_CARD_COUNT = 6;
/** Page numbers shown around the current page in a pagination bar. */
export const PAGINATION_WINDOW = 5;
export const PREMIUM_FEATURES_SHOWN = 6;

export const TOAST_ENTER_DELAY_MS = 10;
export const TOAST_DURATION_MS = 5000;
export const TOAST_ERROR_DURATION_MS = 7000;
/** A toast with a button stays longer: there has to be time to read it and reach the button. */
export const TOAST_ACTION_DURATION_MS = 10_000;
export const TOAST_EXIT_MS = 300;

/** Header badges show "99+" above this. */
export const BADGE_CAP = 99;
