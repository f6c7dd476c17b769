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
} as const;
