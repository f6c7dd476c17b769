// PUT /api/profile/babysitter: the whole 'Profil baby-sitter' tab. The form types the rate in
// euros; the schema turns it into the cents the API takes.
import { useMutation } from "@tanstack/react-query";
import {
  type BabysitterProfileBody,
  type BabysitterProfileFormInput,
  babysitterProfileFormSchema,
} from "@db/validators/profile";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { babysitterProfileQueryOptions } from "./get-babysitter-profile";

export const babysitterProfileInputSchema = babysitterProfileFormSchema;
export type BabysitterProfileInput = BabysitterProfileFormInput;

export const saveBabysitterProfile = async (body: BabysitterProfileBody) =>
  (await unwrap(client.api.profile.babysitter.$put({ json: body }))).babysitter;

export function useSaveBabysitterProfile() {
  return useMutation({
    mutationFn: saveBabysitterProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(babysitterProfileQueryOptions().queryKey, saved);
      // The public profile shows the change on its next visit.
      void queryClient.invalidateQueries({ queryKey: ["babysitter"] });
    },
  });
}
