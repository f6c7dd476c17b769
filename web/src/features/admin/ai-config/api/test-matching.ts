// POST /api/admin/ai-config/test: a sample search ranked with the matching tab's unsaved values and
// with those in force, the top 10 of each with their score's parts. Saves nothing.
import { useMutation } from "@tanstack/react-query";
import type { AiConfigTest, AiConfigTestBody } from "@db/validators/ai-config";
import { client, unwrap } from "@web/lib/api-client";

export type RankedSitter = AiConfigTest["proposed"][number];

export const testMatching = (body: AiConfigTestBody): Promise<AiConfigTest> =>
  unwrap(client.api.admin["ai-config"].test.$post({ json: body }));

export const useTestMatching = () => useMutation({ mutationFn: testMatching });
