// Settings → Confidentialité: the choices (GET/PUT /api/account/privacy), the data export
// (GET /api/account/export, saved as a JSON file) and the deletion (POST /api/account/delete).
import { useMutation, useQuery } from "@tanstack/react-query";
import type { PrivacyBody, PrivacyDto } from "@db/validators/account";
import { ApiError, client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { endSession } from "@web/lib/session";

const PRIVACY_KEY = ["account", "privacy"] as const;

export function usePrivacy() {
  return useQuery({ queryKey: PRIVACY_KEY, queryFn: () => unwrap(client.api.account.privacy.$get()) });
}

export function useSavePrivacy() {
  return useMutation({
    mutationFn: (body: PrivacyBody) => unwrap(client.api.account.privacy.$put({ json: body })),
    onSuccess: (saved: PrivacyDto) => queryClient.setQueryData(PRIVACY_KEY, saved),
  });
}

/** Fetches the export and saves it as the file the server names. */
export async function downloadExport(): Promise<void> {
  const response = (await client.api.account.export.$get()) as unknown as Response;
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    throw new ApiError(response.status, body?.error?.code ?? `HTTP_${response.status}`, body?.error?.message ?? "");
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "veilleuse.json";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => unwrap(client.api.account.delete.$post({ json: { confirmation: "SUPPRIMER" } })),
    onSuccess: () => {
      endSession();
      queryClient.clear();
    },
  });
}
