// Beside an action an unconfirmed account may not use yet (send a message, book): why it is off.
// The button names this note with aria-describedby, so a screen reader hears the reason too.
// Its words travel with the feature chunks that show it, not with the first load.
import { MailCheck } from "lucide-react";
import { defineTexts, useTranslation } from "@web/lib/i18n";

const unverifiedTexts = defineTexts({
  fr: {
    unverifiedNote:
      "Confirmez d'abord votre adresse email avec le lien que nous vous avons envoyé : vous pourrez ensuite envoyer des messages et réserver.",
  },
  en: {
    unverifiedNote: "First confirm your email address with the link we sent you: then you can send messages and book.",
  },
});

export function UnverifiedNote({ id, className = "" }: { id: string; className?: string }) {
  const { t } = useTranslation(unverifiedTexts);
  return (
    <p id={id} className={`flex items-start gap-2 text-sm text-night-800 ${className}`}>
      <MailCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-glow-900" />
      <span>{t("unverifiedNote")}</span>
    </p>
  );
}
