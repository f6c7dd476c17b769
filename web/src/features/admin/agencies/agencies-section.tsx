// /admin/agencies: the partner agencies (Users side of the console), each with its SIREN, SAP
// number, contact, managers and team size; 'Créer une agence' (the company and its first manager)
// and, per agency, 'Ajouter un responsable', each in the console's action dialog. Every new manager
// is emailed a link to choose her password. The console's frame draws the title (h1) above; the
// section owns /admin/agencies/* (any deeper path comes back here).
import { Building2, Plus } from "lucide-react";
import { useState } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import type { AgencyCreateBody, AgencyDto, AgencyManagerBody } from "@db/validators/agencies";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { adminSectionPath } from "../admin-sections";
import { ActionDialog } from "../components/action-dialog";
import { Skeleton, SkeletonBlock } from "../components/skeleton";
import { useAddManager, useAgencyList, useCreateAgency } from "./api/agencies";
import { AgencyCard } from "./components/agency-card";
import { AgencyForm } from "./components/agency-form";
import { ManagerForm } from "./components/manager-form";
import { adminAgenciesTexts } from "./texts";

export function AgenciesSection() {
  return (
    <Routes>
      <Route index element={<AgenciesPage />} />
      <Route path="*" element={<Navigate to={adminSectionPath("agencies")} replace />} />
    </Routes>
  );
}

function AgenciesPage() {
  const { t } = useTranslation(adminAgenciesTexts);
  const list = useAgencyList();
  const create = useCreateAgency();
  const addManager = useAddManager();
  const [creating, setCreating] = useState(false);
  const [addingTo, setAddingTo] = useState<AgencyDto | null>(null);

  const submitAgency = async (body: AgencyCreateBody) => {
    try {
      const { agency } = await create.mutateAsync(body);
      setCreating(false);
      notify.success(t("adminAgencies.form.created", { name: agency.name, email: body.manager.email }));
    } catch (error) {
      notify.error(serverMessage(error, t, "errors.internal"));
      throw error;
    }
  };

  const submitManager = async (body: AgencyManagerBody) => {
    if (!addingTo) return;
    try {
      await addManager.mutateAsync({ agencyId: addingTo.id, body });
      setAddingTo(null);
      notify.success(t("adminAgencies.form.managerAdded", { email: body.email }));
    } catch (error) {
      notify.error(serverMessage(error, t, "errors.internal"));
      throw error;
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-night-900">{t("adminAgencies.list.title")}</h2>
        <Button variant="secondary" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t("adminAgencies.create")}
        </Button>
      </div>
      <AgencyList list={list} onAddManager={setAddingTo} />
      <ActionDialog
        open={creating}
        title={t("adminAgencies.form.createTitle")}
        text={t("adminAgencies.form.createText")}
        pending={create.isPending}
        onCancel={() => setCreating(false)}
      >
        <AgencyForm pending={create.isPending} onSubmit={submitAgency} onCancel={() => setCreating(false)} />
      </ActionDialog>
      <ActionDialog
        open={addingTo !== null}
        title={addingTo ? t("adminAgencies.form.managerTitle", { name: addingTo.name }) : ""}
        text={t("adminAgencies.form.managerText")}
        pending={addManager.isPending}
        onCancel={() => setAddingTo(null)}
      >
        <ManagerForm pending={addManager.isPending} onSubmit={submitManager} onCancel={() => setAddingTo(null)} />
      </ActionDialog>
    </div>
  );
}

function AgencyList({
  list,
  onAddManager,
}: {
  list: ReturnType<typeof useAgencyList>;
  onAddManager: (agency: AgencyDto) => void;
}) {
  const { t } = useTranslation(adminAgenciesTexts);
  if (list.isPending)
    return (
      <Skeleton className="grid gap-4 lg:grid-cols-2">
        <SkeletonBlock className="h-64" />
        <SkeletonBlock className="h-64" />
      </Skeleton>
    );
  if (list.isError)
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-white p-6">
        <p className="font-semibold text-red-800">{t("adminAgencies.list.loadError")}</p>
        <Button className="mt-4" variant="secondary" onClick={() => void list.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  const { agencies } = list.data;
  if (agencies.length === 0)
    return (
      <div className="flex flex-col items-start gap-2 rounded-2xl border border-dashed border-night-600/40 bg-white p-6">
        <Building2 aria-hidden="true" className="h-8 w-8 text-night-700" />
        <p className="font-semibold text-night-900">{t("adminAgencies.list.empty")}</p>
        <p className="text-slate-700">{t("adminAgencies.list.emptyHint")}</p>
      </div>
    );
  return (
    <>
      <p className="text-sm text-slate-700" aria-live="polite">
        {t("adminAgencies.list.count", { count: agencies.length })}
      </p>
      <ul className="grid gap-4 lg:grid-cols-2">
        {agencies.map((agency) => (
          <li key={agency.id}>
            <AgencyCard agency={agency} onAddManager={() => onAddManager(agency)} />
          </li>
        ))}
      </ul>
    </>
  );
}
