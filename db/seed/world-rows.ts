// The rows of the demo world, built in memory, then inserted table by table in FK order. The cities
// are not among them: they are the commune register scripts/import-communes.ts imports.
import * as schema from "../schema/index";

export type WorldRows = {
  users: (typeof schema.user.$inferInsert)[];
  accounts: (typeof schema.account.$inferInsert)[];
  profiles: (typeof schema.profiles.$inferInsert)[];
  babysitterProfiles: (typeof schema.babysitterProfiles.$inferInsert)[];
  children: (typeof schema.children.$inferInsert)[];
  bookings: (typeof schema.bookings.$inferInsert)[];
  bookingChildren: (typeof schema.bookingChildren.$inferInsert)[];
  conversations: (typeof schema.conversations.$inferInsert)[];
  messages: (typeof schema.messages.$inferInsert)[];
  reviews: (typeof schema.reviews.$inferInsert)[];
  communicationPreferences: (typeof schema.communicationPreferences.$inferInsert)[];
  billingCustomers: (typeof schema.billingCustomers.$inferInsert)[];
  subscriptions: (typeof schema.subscriptions.$inferInsert)[];
  invoices: (typeof schema.invoices.$inferInsert)[];
  refunds: (typeof schema.refunds.$inferInsert)[];
  notifications: (typeof schema.notifications.$inferInsert)[];
  favourites: (typeof schema.favourites.$inferInsert)[];
  flaggedContent: (typeof schema.flaggedContent.$inferInsert)[];
  identityDocuments: (typeof schema.identityDocuments.$inferInsert)[];
  aiConfig: (typeof schema.aiConfig.$inferInsert)[];
  agencies: (typeof schema.agencies.$inferInsert)[];
  agencyManagers: (typeof schema.agencyManagers.$inferInsert)[];
  agencyMembers: (typeof schema.agencyMembers.$inferInsert)[];
};

export function emptyWorld(): WorldRows {
  return {
    users: [],
    accounts: [],
    profiles: [],
    babysitterProfiles: [],
    children: [],
    bookings: [],
    bookingChildren: [],
    conversations: [],
    messages: [],
    reviews: [],
    communicationPreferences: [],
    billingCustomers: [],
    subscriptions: [],
    invoices: [],
    refunds: [],
    notifications: [],
    favourites: [],
    flaggedContent: [],
    identityDocuments: [],
    aiConfig: [],
    agencies: [],
    agencyManagers: [],
    agencyMembers: [],
  };
}

/** Insert order: every table after the tables it references. */
export const INSERT_ORDER = [
  ["users", schema.user],
  ["accounts", schema.account],
  ["profiles", schema.profiles],
  ["babysitterProfiles", schema.babysitterProfiles],
  ["children", schema.children],
  ["bookings", schema.bookings],
  ["bookingChildren", schema.bookingChildren],
  ["conversations", schema.conversations],
  ["messages", schema.messages],
  ["reviews", schema.reviews],
  ["communicationPreferences", schema.communicationPreferences],
  ["billingCustomers", schema.billingCustomers],
  ["subscriptions", schema.subscriptions],
  ["invoices", schema.invoices],
  ["refunds", schema.refunds],
  ["notifications", schema.notifications],
  ["favourites", schema.favourites],
  ["flaggedContent", schema.flaggedContent],
  ["identityDocuments", schema.identityDocuments],
  ["aiConfig", schema.aiConfig],
  ["agencies", schema.agencies],
  ["agencyManagers", schema.agencyManagers],
  ["agencyMembers", schema.agencyMembers],
] as const;
