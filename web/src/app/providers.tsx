import { lazy, type ReactNode, Suspense } from "react";
import { useToastsRequested } from "@web/lib/notify";
import { QueryProvider } from "@web/lib/query-provider";

const AppToaster = lazy(async () => ({ default: (await import("@web/components/ui/toaster")).AppToaster }));

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
  if (!useToastsRequested()) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
