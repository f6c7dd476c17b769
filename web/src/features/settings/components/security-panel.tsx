// The Sécurité tab: the password, two-factor sign-in and the active sessions.
import { SecurityPasswordForm } from "./security-password-form";
import { SecuritySessions } from "./security-sessions";
import { SecurityTwoFactor } from "./security-two-factor";

export function SecurityPanel() {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <SecurityPasswordForm />
      <SecurityTwoFactor />
      <SecuritySessions />
    </div>
  );
}
