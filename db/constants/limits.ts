// Text limits and business limits. The validators and the CHECK constraints
// of db/schema (db/schema/checks.ts) are both built from these numbers.
export const BIO_MAX_LENGTH = 500;
export const ADDRESS_MAX_LENGTH = 200;
export const CHILD_NAME_MAX_LENGTH = 50;
/** Each certification of a babysitter ("PSC1", "CAP AEPE"...). */
export const CERTIFICATION_MAX_LENGTH = 100;
export const CERTIFICATIONS_MAX_COUNT = 20;
export const CHILD_NOTE_MAX_LENGTH = 200; // special needs and allergies, each
export const CHILD_AGE_MIN = 0;
export const CHILD_AGE_MAX = 18;
export const REVIEW_COMMENT_MIN_LENGTH = 20;
/** Our bound: a review is a few paragraphs at most. */
export const REVIEW_COMMENT_MAX_LENGTH = 2000;
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEWS_SHOWN_ON_PROFILE = 10;
/** A parent's favourite sitters, at most (our choice: the prototype kept them in the browser only). */
export const FAVOURITES_MAX = 500;
/** Bookings each dashboard list shows (next sittings, reviews to leave, requests to answer); the full lists are on /bookings. */
export const DASHBOARD_LIST_SIZE = 5;
export const MESSAGE_MIN_LENGTH = 1;
export const MESSAGE_MAX_LENGTH = 5000;
/** Conversations per page of GET /api/conversations; messages per page of a thread (older on scroll). */
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 30;
/** Missed messages answered per sync (socket or polling); the client asks again while more remain. */
export const MESSAGES_SYNC_BATCH = 200;
/** A realtime ticket (GET /api/realtime?ticket=…) is single-use and lives this long. */
export const REALTIME_TICKET_TTL_SECONDS = 30;
/** The largest frame a client may send on the socket (its frames are tiny: sync and ping). */
export const REALTIME_FRAME_MAX_BYTES = 4096;
/** Without a socket (a proxy that blocks them), the page polls this often. */
export const MESSAGES_POLL_INTERVAL_MS = 4000;
export const HOURLY_RATE_MIN_CENTS = 100;
export const HOURLY_RATE_MAX_CENTS = 100_000;
/** A babysitter's weekly availability: at most this many time ranges per weekday. */
export const AVAILABILITY_MAX_RANGES_PER_DAY = 6;
/** A new sitter starts at this rate until they edit their profile (the prototype's sample rate, 15 EUR). */
export const NEW_SITTER_HOURLY_RATE_CENTS = 1500;
/** A profile's average rating: 0 until its first review, then on the review scale. */
export const PROFILE_RATING_MIN = 0;
export const PROFILE_RATING_MAX = REVIEW_RATING_MAX;
/** The moderation model's confidence that flagged content breaks the rules. */
export const AI_SCORE_MIN = 0;
export const AI_SCORE_MAX = 1;
/** WGS84 coordinates (profiles and cities). */
export const LATITUDE_MIN = -90;
export const LATITUDE_MAX = 90;
export const LONGITUDE_MIN = -180;
export const LONGITUDE_MAX = 180;

export const MINUTE_MS = 60_000;

/**
 * Profile photos (our choice): JPEG, PNG or WebP, recognised by their first
 * bytes on the server (never by the file's name or declared type), at most 5 MB.
 */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
/** profiles.photo_url of a stored photo is this prefix and its key (edge/routes/photos.ts serves it). */
export const PHOTO_URL_PREFIX = "/api/photos/";

/** Registration and reset passwords; sign-in accepts shorter ones (older accounts), never longer. */
export const PASSWORD_MIN_LENGTH = 8;
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** Login throttle (enforced on the server, per account and per client address). */
export const LOGIN_THROTTLE = {
  maxAttempts: 5,
  windowMs: 15 * MINUTE_MS,
  blockMs: 30 * MINUTE_MS,
  /** The warning 'N tentative(s) restante(s)' shows when this many or fewer remain. */
  warnWhenRemaining: 2,
  cleanupIntervalMs: 5 * MINUTE_MS,
} as const;

/** A booking's optional special instructions (our bound). */
export const SPECIAL_INSTRUCTIONS_MAX_LENGTH = 500;
/** How far ahead a parent may book (our bound: no sitter plans a year and more ahead). */
export const BOOKING_MAX_DAYS_AHEAD = 365;
/** The longest sitting: an evening out runs past midnight, but not round the clock. */
export const BOOKING_MAX_HOURS = 14;
/** Children one booking may cover (a parent has at most a few; this caps the request's size). */
export const BOOKING_MAX_CHILDREN = 10;
/** Bookings per page of GET /api/bookings. */
export const BOOKINGS_PAGE_SIZE = 20;
export const BOOKINGS_PAGE_SIZE_MAX = 50;

/** Booking reminder 24 h before; push token refresh after 7 days; reset link valid 1 hour. */
export const BOOKING_REMINDER_HOURS_BEFORE = 24;
export const PUSH_TOKEN_MAX_AGE_DAYS = 7;
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** An email verification link is valid 24 hours; a new one can be asked for at any time (limited below). */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

/**
 * The browser id cookie that makes a sign-in from a known browser raise no 'Nouvelle connexion'
 * notice: random, http-only, kept 400 days (the longest a browser honours).
 */
export const DEVICE_COOKIE_NAME = "veilleuse_device";
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;

/** A remembered session lasts 30 days; its expiry moves forward at most once a day. */
export const SESSION_SECONDS = 30 * 24 * 3600;
export const SESSION_REFRESH_SECONDS = 24 * 3600;

/**
 * Per-address limits on what a stranger can repeat (our choice; see SECURITY.md). Each: at most
 * `maxAttempts` requests per `windowMs`, then refused for `blockMs`.
 * IPv6 addresses count per /IPV6_SUBNET_BITS.
 */
/** IPv6 addresses count per /64, the block one subscriber usually holds. */
export const IPV6_SUBNET_BITS = 64;

export const REQUEST_LIMITS = {
  signUpPerAddress: { maxAttempts: 10, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  signInPerAddress: { maxAttempts: 30, windowMs: MINUTE_MS, blockMs: MINUTE_MS },
  passwordResetPerAddress: { maxAttempts: 10, windowMs: 15 * MINUTE_MS, blockMs: 15 * MINUTE_MS },
  /** Per requested address, known or not, so nobody can flood a mailbox with reset links. */
  passwordResetPerEmail: { maxAttempts: 3, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** Verification links asked again, per address and per account's email: a lost email or two, no mailbox flood. */
  verificationEmailPerAddress: { maxAttempts: 10, windowMs: 15 * MINUTE_MS, blockMs: 15 * MINUTE_MS },
  verificationEmailPerEmail: { maxAttempts: 3, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** Booking requests per parent: more than anyone books in an hour, yet no flood of sitters' inboxes. */
  bookingRequestPerParent: { maxAttempts: 60, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** Photo uploads per account: a few tries to pick the right picture, never a storage flood. */
  photoUploadPerUser: { maxAttempts: 20, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** Reports per account: 20 a day, enough for anyone who meets real trouble, no way to flood the team. */
  reportPerUser: { maxAttempts: 20, windowMs: 24 * 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** Identity documents sent per account: every kind, a retake or two, never a storage flood. */
  verificationUploadPerUser: { maxAttempts: 20, windowMs: 24 * 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /**
   * Messages per account: about one a second for ten minutes, far past anyone typing, yet a flood
   * stops within the minute (the chaos test's 500 a side fit).
   */
  messageSendPerUser: { maxAttempts: 600, windowMs: 10 * MINUTE_MS, blockMs: 10 * MINUTE_MS },
  /** New conversations per account: writing to a few dozen strangers an hour is already spam. */
  conversationStartPerUser: { maxAttempts: 30, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** Socket tickets per account: every tab's reconnects, not a reconnect loop. */
  realtimeTicketPerUser: { maxAttempts: 120, windowMs: MINUTE_MS, blockMs: MINUTE_MS },
  /** Checkouts started per babysitter: reloads reuse the pending one; this stops a card-testing loop. */
  checkoutStartPerUser: { maxAttempts: 20, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** Plan-change quotes per babysitter (each asks the payment provider): a few looks, no loop. */
  planPreviewPerUser: { maxAttempts: 60, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** Booking checks before sending, per parent: every 'Continuer' of a long hesitation, no loop. */
  bookingPreviewPerParent: { maxAttempts: 120, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** Demo card submissions, plan changes, cancels, reactivations and refunds per babysitter. */
  billingChangePerUser: { maxAttempts: 30, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** A sitting's card payment opened (tip changes included) and demo card submissions, per parent: no card-testing loop. */
  sittingPaymentPerParent: { maxAttempts: 60, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** A babysitter's payout onboarding links (each asks the payment provider): a few tries an hour. */
  payoutOnboardingPerUser: { maxAttempts: 20, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** Settings → Confidentialité data exports per account: a few downloads an hour, no scraping loop. */
  dataExportPerUser: { maxAttempts: 5, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** Test email / SMS / push from the preferences screen: a few tries, never a paid SMS flood. */
  deliveryTestPerUser: { maxAttempts: 10, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /**
   * Unsubscribe links (GET and POST /api/unsubscribe) per address: a person clears a few emails' links
   * at once, and a mail provider's one-click POSTs come from its few servers, so generous; yet no
   * free loop of reads and writes by anyone holding a link.
   */
  unsubscribePerAddress: { maxAttempts: 60, windowMs: MINUTE_MS, blockMs: MINUTE_MS },
  /** Invitations an agency sends (each emails someone): a day's recruiting, never a mailing list. */
  agencyInvitationPerAgency: { maxAttempts: 50, windowMs: 24 * 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** Urgent requests per parent (each writes to up to 20 sitters, by SMS where allowed): a few an hour. */
  urgentRequestPerParent: { maxAttempts: 5, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
  /** Push subscriptions stored per account ('Activer', the app's refresh): a few devices, no write loop. */
  pushSubscriptionPerUser: { maxAttempts: 20, windowMs: 60 * MINUTE_MS, blockMs: 60 * MINUTE_MS },
} as const;

/** Search filter bounds, quoted in messages: here, not in search-filters.ts, so the
 * texts' variables do not pull the filter option lists into the first load of /. */
export const SEARCH_RADIUS_KM = { min: 1, max: 50, default: 10 } as const;
/**
 * The most sitters one search filters and scores: a circle that holds more (a city centre at a
 * million sitters) is searched to the smaller radius that holds about this many, nearest first
 * (edge/services/search/density.ts). Scoring costs about 3 µs per sitter that passes the filters:
 * with 3,000, a search without filters of central Paris at 1,000,000 sitters takes about 12 ms of
 * SQL within 1.7 km (5,000: 18 ms; 20,000: 54 ms; tests/bench/search.ts).
 */
export const SEARCH_SCAN_MAX_SITTERS = 3_000;
/**
 * The grid search_density counts sitters in (migration 0021): a point's cell is floor(degrees * 50)
 * on each axis, 1/50 degree (about 2.2 km north-south, 1.5 km east-west in France).
 */
export const SEARCH_DENSITY_CELLS_PER_DEGREE = 50;
export const SEARCH_RATING = { min: 1, max: 5 } as const;

/** A deleted account's personal data is anonymised this many days later (the cron; invoices are kept). */
export const ACCOUNT_DELETION_GRACE_DAYS = 30;

/**
 * Limits on public reads (search, city suggestions): generous (a person typing and paging), yet no
 * free scraping. A read writes nothing, so neither does its guard: these are counted by Cloudflare's
 * Rate Limiting binding (edge/services/limits/read-limits.ts), in memory at the edge, in fixed windows of
 * `periodSeconds` aligned to the clock (10 or 60, the binding's only periods). wrangler.toml's
 * [[ratelimits]] declare the same figures (tests/unit/read-limits.test.ts holds them together).
 */
export const READ_LIMITS = {
  searchPerAddress: { binding: "SEARCH_RATE_LIMITER", maxRequests: 120, periodSeconds: 60 },
  citySuggestionsPerAddress: { binding: "CITY_SUGGESTIONS_RATE_LIMITER", maxRequests: 120, periodSeconds: 60 },
} as const;
