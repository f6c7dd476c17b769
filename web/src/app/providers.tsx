import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { Toaster } from "sonner";
import i18n from "@web/lib/i18n";
import { TOAST_DURATIONS, TOAST_POSITION } from "@web/lib/notify";
import { queryClient } from "@web/lib/query-client";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster position={TOAST_POSITION} duration={TOAST_DURATIONS.default} richColors closeButton />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
