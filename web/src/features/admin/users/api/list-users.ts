// GET /api/admin/users: one page of accounts, filtered, sorted and paged on the server, with the
// total. The previous page stays on screen while the next one loads (no blank table between pages).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminUsersPage, UsersQuery } from "@db/validators/admin-users";
import { client, unwrap } from "@web/lib/api-client";
import { usersList } from "../list-params";
import { adminUserKeys } from "./keys";

export const listUsers = (query: UsersQuery): Promise<AdminUsersPage> =>
  unwrap(client.api.admin.users.$get({ query: usersList.toParams(query) }));

export const useUserList = (query: UsersQuery) =>
  useQuery({
    queryKey: adminUserKeys.list(query),
    queryFn: () => listUsers(query),
    placeholderData: keepPreviousData,
  });
