// Hono's typed context for every route: bindings, the request's language and database.
import type { Db } from "@db/client";
import type { profiles } from "@db/schema/profiles";
import type { Env } from "../env";
import type { Lang } from "./i18n";

export type SessionUser = { id: string; email: string; name: string };

/** The session the request is signed in with (the realtime ticket binds its socket to it). */
export type CallerSession = { id: string; expiresAt: Date };

export type AppEnv = {
  Bindings: Env;
  Variables: {
    lang: Lang;
    db: Db;
    /** Set by requireSession. */
    user: SessionUser;
    /** Set by requireSession. */
    session: CallerSession;
    /** The caller's profile, once callerProfile() has loaded it. */
    profile?: typeof profiles.$inferSelect;
  };
};
