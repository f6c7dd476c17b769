import { Baby, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { LoadError } from "@web/components/ui/page-states";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { useDeleteChild } from "../api/delete-child";
import { type Child, useChildren } from "../api/list-children";
import { profileTexts } from "../texts";
import { BackToBooking } from "./back-to-booking";
import { ChildForm } from "./child-form";

/** 'Mes enfants': the list, a form to add or edit one, and a confirmed delete. */
export function ChildrenTab() {
  const { t } = useTranslation(profileTexts);
  const children = useChildren();
  const remove = useDeleteChild();
  const [editing, setEditing] = useState<Child | "new" | null>(null);
  const [toDelete, setToDelete] = useState<Child | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => notify.success(t("profile.children.deleted")),
      onError: (error) => {
        console.error("child not deleted", error);
        // A child on a pending or confirmed booking: the server says why, which helps more.
        notify.error(
          error instanceof ApiError && error.status === 409 ? error.message : t("profile.children.deleteError"),
        );
      },
      onSettled: () => setToDelete(null),
    });
  };

  if (children.isError)
    return <LoadError variant="card" toast message={t("profile.loadError")} onRetry={() => void children.refetch()} />;
  return (
    <div className="grid gap-6">
      <BackToBooking />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h2 className="text-xl font-semibold">{t("profile.children.title")}</h2>
          <p className="mt-1 text-sm text-slate-700">{t("profile.children.intro")}</p>
        </div>
        {editing === null && (
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t("profile.children.add")}
          </Button>
        )}
      </div>
      {editing !== null && (
        <ChildForm
          key={editing === "new" ? "new" : editing.id}
          child={editing === "new" ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {!children.data ? (
        <div role="status" aria-busy="true" aria-label={t("common.loading")} className="grid gap-3">
          {[0, 1].map((i) => (
            <div key={i} className="h-20 animate-pulse rounded-2xl bg-night-100" />
          ))}
        </div>
      ) : children.data.length === 0 ? (
        <div className="flex items-center gap-3 rounded-2xl border border-dashed border-night-600 bg-white p-6 text-slate-700">
          <Baby aria-hidden="true" className="h-6 w-6 shrink-0 text-night-700" />
          <p>{t("profile.children.empty")}</p>
        </div>
      ) : (
        <ul aria-label={t("profile.children.listLabel")} className="grid gap-3">
          {children.data.map((child) => (
            <li
              key={child.id}
              className="flex flex-wrap items-start justify-between gap-4 rounded-2xl border border-night-100 bg-white p-5 shadow-sm"
            >
              <div className="min-w-0">
                <p className="text-lg font-semibold text-night-900">{child.name}</p>
                <p className="text-slate-700">{t("profile.children.age", { count: child.age })}</p>
                {child.special_needs && (
                  <p className="mt-1 text-sm text-slate-700">
                    {t("profile.children.specialNeedsValue", { value: child.special_needs })}
                  </p>
                )}
                {child.allergies && (
                  <p className="mt-1 text-sm text-slate-700">
                    {t("profile.children.allergiesValue", { value: child.allergies })}
                  </p>
                )}
              </div>
              <div className="flex gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  className="border border-night-600"
                  aria-label={t("profile.children.editChild", { name: child.name })}
                  onClick={() => setEditing(child)}
                >
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                  {t("profile.children.edit")}
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={t("profile.children.deleteChild", { name: child.name })}
                  onClick={() => setToDelete(child)}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  {t("profile.children.delete")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("profile.children.confirmTitle", { name: toDelete?.name ?? "" })}
        message={t("profile.children.confirmDelete")}
        confirmLabel={t("profile.children.delete")}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
        busy={remove.isPending}
      />
    </div>
  );
}
