// The console's Verifications section: it owns /admin/verifications/* (its route is
// `verifications/*`), the queue at its root and a document's page at /admin/verifications/<id>;
// any deeper path goes back to the queue.
import { Navigate, Route, Routes } from "react-router-dom";
import { adminSectionPath } from "../admin-sections";
import { VerificationPage } from "./verification-page";
import { VerificationsPage } from "./verifications-page";

export function VerificationsSection() {
  return (
    <Routes>
      <Route index element={<VerificationsPage />} />
      <Route path=":documentId" element={<VerificationPage />} />
      <Route path="*" element={<Navigate to={adminSectionPath("verifications")} replace />} />
    </Routes>
  );
}
