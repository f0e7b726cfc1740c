/**
 * Business limits and constants shared by the server and the web client.
 * Source: product spec §5 (validation) and §9 (business constants).
 */
export const LIMITS = {
  questionTitleMax: 150,
  /** Longest question body in characters and most tags (Answer's `lte=65535`, `lte=5`). */
  questionContentMax: 65535,
  questionTagsMax: 5,
  tagNameMax: 35,
  usernameMax: 30,
  displayNameMax: 30,
  siteNameMax: 30,
  siteUrlMax: 512,
  passwordMin: 8,
  passwordMax: 32,
  answerMin: 6,
  imageMaxBytes: 4 * 1024 * 1024,
  smtpPortMin: 1,
  smtpPortMax: 65535,
  countCap: 99,
  /** Default page size of paged calls (answer-compat.md "Paging"). */
  defaultPageSize: 10,
  /** Largest page a client may ask for. */
  maxPageSize: 100,
  /** Search uses `size`, at most 50 (answer-compat.md). */
  searchMaxSize: 50,
} as const;

/** Session (access token) lifetime in seconds: 7 days (answer-compat.md "Auth"). */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Client HTTP timeout in ms (spec §9). */
export const HTTP_TIMEOUT_MS = 10_000;

/** Username characters allowed (spec §5): a-z, 0-9, '-', '.', '_'. */
export const USERNAME_PATTERN = /^[a-z0-9._-]+$/;

/** Default primary colour of the theme (spec §9). */
export const DEFAULT_PRIMARY_COLOR = '#0033FF';
