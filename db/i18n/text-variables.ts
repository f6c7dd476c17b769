// Numbers the texts quote ("Au moins {{passwordMinLength}} caractères requis"), taken from the
// constants the validators enforce, so a text never states another limit than the rule (filled in
// by interpolate, in messages.ts, for the web and the server alike).
import {
  BOOKING_MAX_CHILDREN,
  BOOKING_MAX_DAYS_AHEAD,
  CHILD_AGE_MAX,
  CHILD_AGE_MIN,
  LOGIN_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_COMMENT_MIN_LENGTH,
  SPECIAL_INSTRUCTIONS_MAX_LENGTH,
} from "../constants/limits";

export const CONSTANT_VARIABLES = {
  passwordMinLength: PASSWORD_MIN_LENGTH,
  loginPasswordMinLength: LOGIN_PASSWORD_MIN_LENGTH,
  passwordMaxLength: PASSWORD_MAX_LENGTH,
  childAgeMin: CHILD_AGE_MIN,
  childAgeMax: CHILD_AGE_MAX,
  specialInstructionsMaxLength: SPECIAL_INSTRUCTIONS_MAX_LENGTH,
  bookingMaxDaysAhead: BOOKING_MAX_DAYS_AHEAD,
  bookingMaxChildren: BOOKING_MAX_CHILDREN,
  reviewCommentMinLength: REVIEW_COMMENT_MIN_LENGTH,
  reviewCommentMaxLength: REVIEW_COMMENT_MAX_LENGTH,
} as const;
