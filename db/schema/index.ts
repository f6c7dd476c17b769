// Every table of the app. drizzle-kit reads this file (db/drizzle.config.ts).
export * from "./auth";
export * from "./login-throttle";
export * from "./profiles";
export * from "./bookings";
export * from "./messages";
export * from "./reviews";
export * from "./communication-preferences";
export * from "./billing";
export * from "./notifications";
export * from "./favourites";
export * from "./moderation";
export * from "./audit-events";
export * from "./ai-config";
export * from "./cities";
export * from "./emergencies";
export * from "./search-events";
export * from "./api-timings";
