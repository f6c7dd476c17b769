// Numbers the texts quote ("Au moins {{passwordMinLength}} caractères requis"), taken from the
// constants the validators enforce, so a text never states another limit than the rule (filled in
// by interpolate, in messages.ts, for the web and the server alike).
import {
  ADDRESS_MAX_LENGTH,
  BIO_MAX_LENGTH,
  CERTIFICATION_MAX_LENGTH,
  CHILD_AGE_MAX,
  CHILD_AGE_MIN,
  FAVOURITES_MAX,
  CHILD_NAME_MAX_LENGTH,
  CHILD_NOTE_MAX_LENGTH,
  HOURLY_RATE_MAX_CENTS,
  HOURLY_RATE_MIN_CENTS,
  LOGIN_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHOTO_MAX_BYTES,
} from "../constants/limits";
import { SEARCH_RADIUS_KM, SEARCH_RATING } from "../constants/search-filters";

export const CONSTANT_VARIABLES = {
  passwordMinLength: PASSWORD_MIN_LENGTH,
  loginPasswordMinLength: LOGIN_PASSWORD_MIN_LENGTH,
  passwordMaxLength: PASSWORD_MAX_LENGTH,
  childAgeMin: CHILD_AGE_MIN,
  childAgeMax: CHILD_AGE_MAX,
  favouritesMax: FAVOURITES_MAX,
  bioMaxLength: BIO_MAX_LENGTH,
  addressMaxLength: ADDRESS_MAX_LENGTH,
  certificationMaxLength: CERTIFICATION_MAX_LENGTH,
  childNameMaxLength: CHILD_NAME_MAX_LENGTH,
  childNoteMaxLength: CHILD_NOTE_MAX_LENGTH,
  hourlyRateMinEuros: HOURLY_RATE_MIN_CENTS / 100,
  hourlyRateMaxEuros: HOURLY_RATE_MAX_CENTS / 100,
  photoMaxMegabytes: PHOTO_MAX_BYTES / (1024 * 1024),
  searchRadiusMin: SEARCH_RADIUS_KM.min,
  searchRadiusMax: SEARCH_RADIUS_KM.max,
  searchRatingMin: SEARCH_RATING.min,
  searchRatingMax: SEARCH_RATING.max,
} as const;
