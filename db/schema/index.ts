// Every table of the app. drizzle-kit reads this file (db/drizzle.config.ts).
export * from "./auth";
export * from "./login-throttle";
