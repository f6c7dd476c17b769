import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import type { ChildCreateBody } from "@db/validators/child";
import { errorText, showServerFieldError } from "@web/components/form/error-text";
import { TextAreaField } from "@web/components/form/text-area-field";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { useUnsavedChanges } from "@web/lib/leave-guard";
import { notify } from "@web/lib/notify";
import { childInputSchema, useAddChild } from "../api/add-child";
import type { Child } from "../api/list-children";
import { useUpdateChild } from "../api/update-child";
import { profileTexts } from "../texts";

type ChildFormInput = z.input<typeof childInputSchema>;
const FIELDS = ["name", "age", "special_needs", "allergies"] as const;

const valuesOf = (child: Child | null): ChildFormInput => ({
  name: child?.name ?? "",
  age: child ? String(child.age) : "",
  special_needs: child?.special_needs ?? "",
  allergies: child?.allergies ?? "",
});

/** Add a child (`child` null) or edit one: name, age 0-18, and the two optional notes. */
export function ChildForm({ child, onDone }: { child: Child | null; onDone: () => void }) {
  const { t } = useTranslation(profileTexts);
  const add = useAddChild();
  const update = useUpdateChild();
  const form = useForm<ChildFormInput, unknown, ChildCreateBody>({
    resolver: zodResolver(childInputSchema),
    defaultValues: valuesOf(child),
  });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty); // saving or cancelling closes the form
  const [specialNeeds = "", allergies = ""] = useWatch({ control: form.control, name: ["special_needs", "allergies"] });
  const editing = child !== null;

  const onError = (fallbackKey: string) => (error: unknown) => {
    console.error("child not saved", error);
    notify.error(t(fallbackKey));
    showServerFieldError(form.setError, error, FIELDS);
  };

  const onValid = (body: ChildCreateBody) => {
    const done = (successKey: string) => () => {
      notify.success(t(successKey));
      onDone();
    };
    if (editing) {
      update.mutate(
        { id: child.id, ...body },
        { onSuccess: done("profile.children.updated"), onError: onError("profile.children.updateError") },
      );
    } else {
      add.mutate(body, { onSuccess: done("profile.children.added"), onError: onError("profile.children.addError") });
    }
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onValid)}
      aria-label={editing ? t("profile.children.editTitle", { name: child.name }) : t("profile.children.addTitle")}
      className="grid gap-4 rounded-2xl border border-night-100 bg-white p-6 shadow-sm sm:grid-cols-2"
    >
      <h3 className="text-lg font-semibold sm:col-span-2">
        {editing ? t("profile.children.editTitle", { name: child.name }) : t("profile.children.addTitle")}
      </h3>
      <TextField label={t("profile.children.name")} error={errorText(errors.name, t)} {...form.register("name")} />
      <TextField
        label={t("profile.children.age")}
        inputMode="numeric"
        error={errorText(errors.age, t)}
        {...form.register("age")}
      />
      <TextAreaField
        label={t("profile.fields.optional", { label: t("profile.children.specialNeeds") })}
        rows={2}
        hint={t("profile.children.noteCount", { count: String(specialNeeds).length })}
        error={errorText(errors.special_needs, t)}
        {...form.register("special_needs")}
      />
      <TextAreaField
        label={t("profile.fields.optional", { label: t("profile.children.allergies") })}
        rows={2}
        hint={t("profile.children.noteCount", { count: String(allergies).length })}
        error={errorText(errors.allergies, t)}
        {...form.register("allergies")}
      />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" loading={add.isPending || update.isPending}>
          {editing ? t("profile.save") : t("profile.children.add")}
        </Button>
        <Button variant="ghost" className="border border-night-600" onClick={onDone}>
          {t("profile.children.cancel")}
        </Button>
      </div>
    </form>
  );
}
