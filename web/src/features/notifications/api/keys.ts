// The notification centre's react-query keys. The header's count (components/unread-badge.tsx, a
// chunk of its own) reads notificationKeys.unread's literal too: the page sets it after each change,
// so the count in the top navigation follows at once.
import type { NotificationChange, NotificationFilter } from "@db/validators/notifications";
import type { Language } from "@web/lib/i18n";
import { queryClient } from "@web/lib/query-client";

export const notificationKeys = {
  all: ["notifications"] as const,
  lists: () => ["notifications", "list"] as const,
  /** Per language too: the server writes the words in the interface language (Accept-Language). */
  list: (filter: NotificationFilter, lang: Language) => ["notifications", "list", filter, lang] as const,
  unread: ["notifications", "unread"] as const,
};

/** After a change (read, read all, delete): the header's count from the answer, the lists asked again. */
export async function applyChange(change: NotificationChange): Promise<void> {
  queryClient.setQueryData(notificationKeys.unread, { unread: change.counts.unread });
  await queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
}
