// Urgent requests: one request to several babysitters at once, the first to accept gets the sitting.

/** Sitters one wave reaches (favourites first, then the best matches free at that time). */
export const URGENT_WAVE_SIZE = 10;

/** With nobody after this long, the request widens: a larger radius, more sitters (the cron). */
export const URGENT_WIDEN_AFTER_MINUTES = 15;

/** How far from the family the first wave looks, and the widened one. */
export const URGENT_RADIUS_KM = 10;
export const URGENT_WIDENED_RADIUS_KM = 30;
