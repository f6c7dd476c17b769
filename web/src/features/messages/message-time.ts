// A message's time: today 'HH:mm', yesterday 'Hier HH:mm', otherwise 'dd/MM HH:mm', always on the
// Paris clock (the days too: a message sent at 23:30 in Paris on the 14th is from the 14th,
// whatever the browser's zone). Pure, so it is tested with fixed instants
// (tests/unit/message-time.test.ts); the words come from the texts.
import { addDays, parisDateOf, parisTimeOf } from "@db/time/paris-time";

export type MessageTime = {
  /** Which form the label takes: the texts' `messages.time.{day}`. */
  day: "today" | "yesterday" | "earlier";
  /** "18:30" */
  time: string;
  /** "14/04" */
  date: string;
};

export function messageTime(iso: string, nowMs: number = Date.now()): MessageTime {
  const at = Date.parse(iso);
  const day = parisDateOf(at);
  const today = parisDateOf(nowMs);
  const time = parisTimeOf(at);
  const date = `${day.slice(8, 10)}/${day.slice(5, 7)}`;
  if (day === today) return { day: "today", time, date };
  if (day === addDays(today, -1)) return { day: "yesterday", time, date };
  return { day: "earlier", time, date };
}
