// Numbers the texts quote ("Au moins {{passwordMinLength}} caractères requis"), taken from the
// constants the validators enforce, so a text never states another limit than the rule (filled in
// by interpolate, in messages.ts, for the web and the server alike).
import {
  CHILD_AGE_MAX,
  CHILD_AGE_MIN,
  LOGIN_PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../constants/limits";
import { SEARCH_RADIUS_KM, SEARCH_RATING } from "../constants/search-filters";

export const CONSTANT_VARIABLES = {
  passwordMinLength: PASSWORD_MIN_LENGTH,
  loginPasswordMinLength: LOGIN_PASSWORD_MIN_LENGTH,
  passwordMaxLength: PASSWORD_MAX_LENGTH,
  childAgeMin: CHILD_AGE_MIN,
  childAgeMax: CHILD_AGE_MAX,
  searchRadiusMin: SEARCH_RADIUS_KM.min,
  searchRadiusMax: SEARCH_RADIUS_KM.max,
  searchRatingMin: SEARCH_RATING.min,
  searchRatingMax: SEARCH_RATING.max,
} as const;
