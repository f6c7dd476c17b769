// GET/PUT /api/preferences and POST /api/preferences/test/{channel}: the communication preferences
// (until first saved, the defaults: SMS and marketing emails off, the rest on) and the test buttons.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { PreferencesBody, PreferencesDto } from "@db/validators/preferences";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

const PREFERENCES_KEY = ["preferences"] as const;

export type TestChannel = "email" | "sms" | "push";

export const getPreferences = (): Promise<PreferencesDto> => unwrap(client.api.preferences.$get());

export function usePreferences() {
  return useQuery({ queryKey: PREFERENCES_KEY, queryFn: getPreferences });
}

export const savePreferences = (body: PreferencesBody): Promise<PreferencesDto> =>
  unwrap(client.api.preferences.$put({ json: body }));

export function useSavePreferences() {
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}

export const sendTest = (channel: TestChannel): Promise<{ ok: boolean }> =>
  unwrap(client.api.preferences.test[":channel"].$post({ param: { channel } }));

export function useSendTest() {
  return useMutation({ mutationFn: sendTest });
}
