// A babysitter's payments (GET /api/payouts/payments), her payout account's state
// (GET /api/payouts/account) and the one-time link to her Stripe Express dashboard, where her
// payouts to her bank are (POST /api/payouts/account/dashboard).
import { useMutation, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

export const useReceivedPayments = () =>
  useQuery({ queryKey: ["payouts", "payments"], queryFn: () => unwrap(client.api.payouts.payments.$get()) });

export const usePayoutAccountState = () =>
  useQuery({ queryKey: ["payouts", "account"], queryFn: () => unwrap(client.api.payouts.account.$get()) });

export const useOpenDashboard = () =>
  useMutation({
    mutationFn: () => unwrap(client.api.payouts.account.dashboard.$post()),
    onSuccess: ({ url }) => window.location.assign(url),
  });
