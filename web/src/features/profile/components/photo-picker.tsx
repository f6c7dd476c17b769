import { ImagePlus, Trash2 } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { PHOTO_TYPES } from "@db/constants/limits";
import { FieldError } from "@web/components/form/text-field";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import type { Profile } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { useUnsavedChanges } from "@web/lib/leave-guard";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useDeletePhoto } from "../api/delete-photo";
import { photoProblem, useUploadPhoto } from "../api/upload-photo";
import { profileTexts } from "../texts";

/**
 * The file chosen but not yet sent, with its preview address (an object URL, released when the
 * choice changes or the picker goes away).
 */
function useChosenFile() {
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const current = useRef(chosen);
  const choose = (file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current.preview);
    current.current = file && { file, preview: URL.createObjectURL(file) };
    setChosen(current.current);
  };
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current.preview);
    },
    [],
  );
  return [chosen, choose] as const;
}

/** Choose a photo (previewed before anything is sent), save it, or go back to the default avatar. */
export function PhotoPicker({ profile }: { profile: Profile }) {
  const { t } = useTranslation(profileTexts);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [chosen, choose] = useChosenFile();
  useUnsavedChanges(chosen !== null); // a chosen photo not saved yet
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadPhoto();
  const remove = useDeletePhoto();

  const clearChoice = () => {
    choose(null);
    if (input.current) input.current.value = "";
  };

  // A file is checked before it is previewed; only the latest choice's answer counts.
  const latest = useRef<File | null>(null);
  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    latest.current = file;
    const wrong = file && (await photoProblem(file));
    if (latest.current !== file) return;
    setProblem(wrong ? t(wrong) : null);
    if (wrong) clearChoice();
    else choose(file);
  };

  const onUpload = () => {
    if (!chosen) return;
    upload.mutate(chosen.file, {
      onSuccess: () => {
        clearChoice();
        notify.success(t("profile.photo.uploaded"));
      },
      onError: (error) => {
        console.error("photo upload failed", error);
        const message = serverMessage(error, t, "profile.updateError");
        setProblem(message);
        notify.error(message);
      },
    });
  };

  const onRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => notify.success(t("profile.photo.removed")),
      onError: (error) => {
        console.error("photo removal failed", error);
        notify.error(serverMessage(error, t, "profile.updateError"));
      },
    });

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm"
    >
      <h2 id={`${inputId}-title`} className="text-lg font-semibold">
        {t("profile.photo.title")}
      </h2>
      <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-center">
        {chosen ? (
          <img
            src={chosen.preview}
            alt={t("profile.photo.preview")}
            className="h-28 w-28 shrink-0 rounded-full object-cover"
          />
        ) : (
          <Avatar photoUrl={profile.photo_url} name={t("profile.photo.current")} size="lg" />
        )}
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">{t("profile.photo.hint")}</p>
          <div className="flex flex-wrap gap-3">
            <label
              htmlFor={inputId}
              className="inline-flex cursor-pointer items-center gap-2 rounded-xl border border-night-600 px-4 py-2.5 text-sm font-semibold text-night-900 hover:bg-night-100 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-glow-500"
            >
              <ImagePlus aria-hidden="true" className="h-4 w-4" />
              {t("profile.photo.choose")}
              <input
                ref={input}
                id={inputId}
                type="file"
                accept={PHOTO_TYPES.join(",")}
                className="sr-only"
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? errorId : undefined}
                onChange={(event) => void onChoose(event)}
              />
            </label>
            {chosen && (
              <>
                <Button onClick={onUpload} loading={upload.isPending}>
                  {t("profile.photo.upload")}
                </Button>
                <Button variant="ghost" onClick={clearChoice} disabled={upload.isPending}>
                  {t("profile.photo.cancel")}
                </Button>
              </>
            )}
            {!chosen && profile.photo_url && (
              <Button variant="ghost" onClick={onRemove} loading={remove.isPending}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {t("profile.photo.remove")}
              </Button>
            )}
          </div>
          <FieldError id={errorId} message={problem ?? undefined} />
        </div>
      </div>
    </section>
  );
}
