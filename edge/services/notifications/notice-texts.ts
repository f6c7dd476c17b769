// A notice's title and message in one language, from its stable key (the product event) and its raw
// values (edge/i18n "events.<kind>"). One renderer for every channel: the email, SMS and push of a
// new notice in the recipient's language (notify.ts), and the in-app centre, which renders its
// stored key and values again in the reader's language each time it lists them
// (services/notifications/notifications.ts).
import type { NoticeParams } from "@db/validators/notifications";
import { isMessageKey, translate, type Lang } from "../../lib/i18n";
import { formatParams, type Param } from "../../delivery/templates";

/** The stored values are the templates' values (the validator is the contract the list answers). */
const asParams = (params: NoticeParams): Record<string, Param> => params satisfies Record<string, Param>;

/** Whether `kind` names a notice with a title and a message in the texts. */
export const isNoticeKind = (kind: string): boolean =>
  /^[A-Za-z]+$/.test(kind) && isMessageKey(`events.${kind}.title`) && isMessageKey(`events.${kind}.message`);

/** The values filled into the texts: each formatted for `lang` (Paris time, the language's locale). */
export const noticeValues = (lang: Lang, params: NoticeParams) => formatParams(lang, asParams(params));

/** Title and message of `kind` in `lang`; `params` holds every value, the recipient's `name` included. */
export function noticeTitleAndMessage(lang: Lang, kind: string, params: NoticeParams) {
  const values = noticeValues(lang, params);
  return {
    title: translate(lang, `events.${kind}.title`, values),
    message: translate(lang, `events.${kind}.message`, values),
  };
}
