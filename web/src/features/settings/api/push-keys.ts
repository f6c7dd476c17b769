/** api/preferences.ts's query key: the push card's changes show in the preferences' push_subscribed. */
export const PREFERENCES_QUERY_KEY = ["preferences"] as const;
