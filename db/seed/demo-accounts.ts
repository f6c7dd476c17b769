// The seeded demo accounts: printed by `npm start`, listed in the README, used by e2e tests.
export const DEMO_PASSWORD = "Veilleuse2026!";

export const DEMO_ACCOUNTS = {
  admin: {
    email: "admin@veilleuse.fr",
    password: DEMO_PASSWORD,
    userType: "admin",
    firstName: "Claire",
    lastName: "Administratrice",
  },
  parent: {
    email: "parent@veilleuse.fr",
    password: DEMO_PASSWORD,
    userType: "parent",
    firstName: "Camille",
    lastName: "Martin",
  },
  babysitter: {
    email: "babysitter@veilleuse.fr",
    password: DEMO_PASSWORD,
    userType: "babysitter",
    firstName: "Léa",
    lastName: "Dubois",
  },
  /** The manager of the demo agency (DEMO_AGENCY), whose team holds the demo babysitter. */
  agency: {
    email: "agence@veilleuse.fr",
    password: DEMO_PASSWORD,
    userType: "agency",
    firstName: "Sophie",
    lastName: "Laurent",
  },
} as const;

/** The demo agency: a Paris agency whose team holds the demo babysitter and a few Paris sitters. */
export const DEMO_AGENCY = {
  name: "Les Lucioles",
  // A SIREN whose Luhn checksum holds, as the console's form requires.
  siren: "732829320",
  sapNumber: "SAP732829320",
  contactEmail: "contact@leslucioles.fr",
  contactPhone: "0142000000",
  /** Paris sitters on its team besides the demo babysitter. */
  rosterSize: 4,
} as const;
