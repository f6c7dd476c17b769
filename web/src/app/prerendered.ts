// The pre-rendered pages mark #root with the path they were rendered for: the browser entry
// hydrates only when it matches the current path (any other path gets the bare app shell).
export const PRERENDERED_ATTRIBUTE = "data-prerendered";
