// Enumerations from the specs, used by CHECK constraints, validators and the web.
// One source of truth: import from here, never retype the lists.

export const USER_TYPES = ["parent", "babysitter", "admin"] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Self-registration may only create these (spec: 'Type d'utilisateur invalide' otherwise). */
export const REGISTRABLE_USER_TYPES = ["parent", "babysitter"] as const;
export type RegistrableUserType = (typeof REGISTRABLE_USER_TYPES)[number];
