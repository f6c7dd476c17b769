import { type ReactNode, Suspense } from "react";
import { ErrorBoundary } from "@web/components/error-boundary";
import { useToastRequests } from "@web/lib/notify";
import { renewableLazy } from "@web/lib/renewable-lazy";
import { QueryProvider } from "@web/lib/query-provider";

const Toaster = renewableLazy<object>(() =>
  import("@web/components/ui/toaster").then((module) => ({ default: module.AppToaster })),
);

/**
 * A toaster whose code cannot be fetched (offline, before any toast was shown) leaves the page as it
 * is, without toasts, and is tried again at the next toast; it never takes the page down with it.
 */
function toasterFailed(error: unknown) {
  console.error("toasts could not load", error);
  Toaster.renew();
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      {children}
      <ToasterOnDemand />
    </QueryProvider>
  );
}

/** The toast container (and sonner with it), mounted on the first toast: nothing on the first load needs it. */
function ToasterOnDemand() {
  const requests = useToastRequests();
  if (requests === 0) return null;
  return (
    <ErrorBoundary fallback={null} resetKey={requests} onError={toasterFailed}>
      <Suspense fallback={null}>
        <Toaster.Component />
      </Suspense>
    </ErrorBoundary>
  );
}
