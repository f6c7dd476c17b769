// /api/urgent-requests: a family's urgent requests (send, list, one, cancel, the agencies she may
// send to) and a babysitter's incoming ones (list, accept, decline); plus the family's children
// (GET /api/children) for the form. Every rule is checked again on the server, whose error messages
// come in the caller's language.
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { IncomingUrgentRequestDto, UrgentRequestBody, UrgentRequestDto } from "@db/validators/urgent-requests";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

export type UrgentRequest = UrgentRequestDto;
export type IncomingRequest = IncomingUrgentRequestDto;

const api = client.api["urgent-requests"];

/** How often an open request's page, and a sitter's list with an open request, ask again. */
export const URGENT_POLL_MS = 10_000;

export const urgentKeys = {
  all: ["urgent-requests"] as const,
  mine: () => [...urgentKeys.all, "mine"] as const,
  one: (id: string) => [...urgentKeys.all, "one", id] as const,
  agencies: () => [...urgentKeys.all, "agencies"] as const,
  incoming: () => [...urgentKeys.all, "incoming"] as const,
};

// ---- The family's side ----

export const useUrgentRequests = () =>
  useQuery({
    queryKey: urgentKeys.mine(),
    queryFn: async () => (await unwrap(api.$get())).requests,
    refetchOnMount: "always",
  });

/** One of her requests, asked again every URGENT_POLL_MS while it waits for a babysitter. */
export const urgentRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: urgentKeys.one(id),
    queryFn: async () => (await unwrap(api[":id"].$get({ param: { id } }))).request,
    refetchOnMount: "always",
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (query.state.data?.status === "open" ? URGENT_POLL_MS : false),
  });

export const useUrgentRequest = (id: string) => useQuery(urgentRequestQueryOptions(id));

/** The agencies she may send a request to (those with a team), by name. */
export const useUrgentAgencies = () =>
  useQuery({
    queryKey: urgentKeys.agencies(),
    queryFn: async () => (await unwrap(api.agencies.$get())).agencies,
  });

/** GET /api/children: the children she may tick. Read again on every visit (one added meanwhile). */
export const useOwnChildren = () =>
  useQuery({
    queryKey: ["children"],
    queryFn: async () => (await unwrap(client.api.children.$get())).children,
    refetchOnMount: "always",
  });

const remember = (request: UrgentRequest) => {
  queryClient.setQueryData(urgentKeys.one(request.id), request);
  void queryClient.invalidateQueries({ queryKey: urgentKeys.mine() });
};

export const useSendUrgentRequest = () =>
  useMutation({
    mutationFn: async (body: UrgentRequestBody) => (await unwrap(api.$post({ json: body }))).request,
    onSuccess: remember,
  });

export const useCancelUrgentRequest = () =>
  useMutation({
    mutationFn: async (id: string) => (await unwrap(api[":id"].cancel.$post({ param: { id } }))).request,
    onSuccess: remember,
    // Taken or closed meanwhile: the page shows it as it stands now.
    onError: (_error, id) => queryClient.invalidateQueries({ queryKey: urgentKeys.one(id) }),
  });

// ---- A babysitter's side ----

export const useIncomingRequests = () =>
  useQuery({
    queryKey: urgentKeys.incoming(),
    queryFn: async () => (await unwrap(api.incoming.$get())).requests,
    refetchOnMount: "always",
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      query.state.data?.some((request) => request.state === "open") ? URGENT_POLL_MS : false,
  });

/** Her answer's request in the list at once; the list is read again in any case. */
const answered = (request: IncomingRequest) => {
  queryClient.setQueryData<IncomingRequest[]>(urgentKeys.incoming(), (list) =>
    list?.map((item) => (item.id === request.id ? request : item)),
  );
  void queryClient.invalidateQueries({ queryKey: urgentKeys.incoming() });
};

export const useAcceptUrgentRequest = () =>
  useMutation({
    mutationFn: async (id: string) => (await unwrap(api[":id"].accept.$post({ param: { id } }))).request,
    onSuccess: (request) => {
      answered(request);
      void queryClient.invalidateQueries({ queryKey: ["bookings"] });
    },
  });

export const useDeclineUrgentRequest = () =>
  useMutation({
    mutationFn: async (id: string) => (await unwrap(api[":id"].decline.$post({ param: { id } }))).request,
    onSuccess: answered,
  });

/** After a refusal (taken, closed, slot taken): the list as it stands now. */
export const refreshIncoming = () => queryClient.invalidateQueries({ queryKey: urgentKeys.incoming() });
