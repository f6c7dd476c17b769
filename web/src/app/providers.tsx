import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { TOAST_DURATIONS, TOAST_POSITION, useToastsRequested } from "@web/lib/notify";
import { queryClient } from "@web/lib/query-client";

const Toaster = lazy(async () => ({ default: (await import("sonner")).Toaster }));

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnDemand />
    </QueryClientProvider>
  );
}

/** sonner's Toaster, mounted on the first toast (nothing on the first load needs it). */
function ToasterOnDemand() {
  if (!useToastsRequested()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position={TOAST_POSITION} duration={TOAST_DURATIONS.default} richColors closeButton />
    </Suspense>
  );
}
