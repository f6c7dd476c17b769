import { type ComponentType, lazy } from "react";

/**
 * A lazy component whose failed load can be tried again. React.lazy keeps a failure for good: every
 * later render throws the same error, until a reload. A chunk that could not be fetched (offline,
 * replaced by a deploy) should be fetched again at the next try, so the ErrorBoundary around it
 * calls `renew` from its onError, and the component's next render starts a new load.
 */
export function renewableLazy<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let current = lazy(load);
  function Renewable(props: Props) {
    const Current = current;
    return <Current {...props} />;
  }
  return {
    Component: Renewable,
    renew: () => {
      current = lazy(load);
    },
  };
}
