// The babysitter's payout account (GET /api/payouts/account): where the families' card payments go.
// 'Activer les paiements par carte' opens it and answers Stripe's onboarding page (the browser goes
// there) or nothing left to give (the demo provider: enabled at once); her return from Stripe's
// pages reads its state again (POST /api/payouts/account/refresh).
import { useMutation, useQuery } from "@tanstack/react-query";
import type { PayoutAccountDto } from "@db/validators/payments";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

const KEY = ["payouts", "account"] as const;

export const usePayoutAccount = () =>
  useQuery({ queryKey: KEY, queryFn: () => unwrap(client.api.payouts.account.$get()) });

const store = (account: PayoutAccountDto) => queryClient.setQueryData(KEY, account);

export const useStartPayoutOnboarding = () =>
  useMutation({
    mutationFn: () => unwrap(client.api.payouts.account.onboarding.$post()),
    onSuccess: (answer) => {
      store(answer.account);
      if (answer.onboarding_url) window.location.assign(answer.onboarding_url);
    },
  });

export const useRefreshPayoutAccount = () =>
  useMutation({ mutationFn: () => unwrap(client.api.payouts.account.refresh.$post()), onSuccess: store });
