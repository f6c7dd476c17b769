// A control that edits a URL parameter as the user types: its draft is local and reaches the URL
// after SEARCH_INPUT_DELAY_MS without a keystroke (one search per pause, not per letter). A change
// made elsewhere (Back, a reset, the hydration reading the URL) replaces the draft; the echo of its
// own commit does not, so letters typed meanwhile are kept.
import { useEffect, useEffectEvent, useState } from "react";
import { SEARCH_INPUT_DELAY_MS } from "@db/constants/search-filters";

export function useDebouncedDraft(
  value: string,
  commit: (draft: string) => void,
  delayMs: number = SEARCH_INPUT_DELAY_MS,
): [string, (draft: string) => void] {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [committed, setCommitted] = useState<string | null>(null);

  if (value !== seen) {
    setSeen(value);
    if (value !== committed) setDraft(value);
  }

  // The latest `commit`, without restarting the delay each time the caller renders.
  const commitDraft = useEffectEvent((value: string) => {
    setCommitted(value);
    commit(value);
  });
  useEffect(() => {
    if (draft === seen) return;
    const timer = setTimeout(() => commitDraft(draft), delayMs);
    return () => clearTimeout(timer);
  }, [draft, seen, delayMs]);

  return [draft, setDraft];
}
