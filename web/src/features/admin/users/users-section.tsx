// The console's Users section: it owns /admin/users/* (its route is `users/*`), the list at its
// root and an account's page at /admin/users/<profileId>; any deeper path goes back to the list.
import { Navigate, Route, Routes } from "react-router-dom";
import { adminSectionPath } from "../admin-sections";
import { UserPage } from "./user-page";
import { UsersPage } from "./users-page";

export function UsersSection() {
  return (
    <Routes>
      <Route index element={<UsersPage />} />
      <Route path=":profileId" element={<UserPage />} />
      <Route path="*" element={<Navigate to={adminSectionPath("users")} replace />} />
    </Routes>
  );
}
