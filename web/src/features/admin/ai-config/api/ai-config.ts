// GET /api/admin/ai-config: the four groups with each one's last change. PUT /{group}: one group's
// every value (checked against its bounds; a 400 names the field). POST /restore-defaults: every
// group back to its defaults. A save or a restore answers with the whole configuration, which
// becomes the query's data at once (the 'last change' lines follow without asking again).
import { useMutation, useQuery } from "@tanstack/react-query";
import type { AiConfigDto } from "@db/validators/ai-config";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import type { AiConfigGroup, GroupValues } from "../settings";

const aiConfig = client.api.admin["ai-config"];

export const aiConfigKey = ["admin-ai-config"] as const;

export const getAiConfig = (): Promise<AiConfigDto> => unwrap(aiConfig.$get());

/**
 * Asked again each time the section opens (kept in no cache once it closes): the forms start from
 * what is in force now, not from what another admin changed since.
 */
export const useAiConfig = () => useQuery({ queryKey: aiConfigKey, queryFn: getAiConfig, staleTime: 0, gcTime: 0 });

const keep = (config: AiConfigDto) => queryClient.setQueryData(aiConfigKey, config);

export const useSaveAiConfigGroup = () =>
  useMutation({
    mutationFn: ({ group, values }: { group: AiConfigGroup; values: GroupValues }) =>
      unwrap(aiConfig[":group"].$put({ param: { group }, json: values })),
    onSuccess: keep,
  });

export const useRestoreAiConfigDefaults = () =>
  useMutation({
    mutationFn: (): Promise<AiConfigDto> => unwrap(aiConfig["restore-defaults"].$post()),
    onSuccess: keep,
  });
