// The console's Moderation section: it owns /admin/moderation/* (its route is `moderation/*`), the
// queue at its root and an item's page at /admin/moderation/<id>; any deeper path goes back to the
// queue.
import { Navigate, Route, Routes } from "react-router-dom";
import { adminSectionPath } from "../admin-sections";
import { ItemPage } from "./item-page";
import { ModerationPage } from "./moderation-page";

export function ModerationSection() {
  return (
    <Routes>
      <Route index element={<ModerationPage />} />
      <Route path=":itemId" element={<ItemPage />} />
      <Route path="*" element={<Navigate to={adminSectionPath("moderation")} replace />} />
    </Routes>
  );
}
