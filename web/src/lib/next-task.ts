// Resolves in a task of its own, after whatever the browser has queued (painting, input): code that
// runs after `await nextTask()` starts a new task instead of lengthening the current one.
export const nextTask = () => new Promise((resolve) => setTimeout(resolve));
