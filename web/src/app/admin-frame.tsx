import { AdminLayout } from "@web/features/admin/admin-layout";
import { useSignOut } from "./use-sign-out";

/** The admin console's frame with the app's sign-out: a feature never imports the app shell, so the two meet here. */
export function AdminFrame() {
  return <AdminLayout onSignOut={useSignOut()} />;
}
