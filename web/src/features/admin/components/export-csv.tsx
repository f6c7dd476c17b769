// 'Exporter en CSV': the rows the list's current filters match (all of them, not just this page), in
// the current order, with ';' by default (what Excel reads in French) or ','. The section hands the
// request (`exportFile`), which saves the file and resolves with its name (null: the save was cancelled).
import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useId, useState } from "react";
import type { CsvSeparator } from "@db/validators/admin-users";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { adminSharedTexts } from "./texts";

/** The default first. */
const SEPARATORS = ["semicolon", "comma"] as const satisfies readonly CsvSeparator[];

export function ExportCsv({ exportFile }: { exportFile: (separator: CsvSeparator) => Promise<string | null> }) {
  const { t } = useTranslation(adminSharedTexts);
  const separatorId = useId();
  const [separator, setSeparator] = useState<CsvSeparator>("semicolon");
  const exporting = useMutation({ mutationFn: exportFile });
  const onExport = () =>
    exporting.mutate(separator, {
      onSuccess: (file) => file && notify.success(t("adminShared.export.success", { file })),
      onError: (error) => notify.error(serverMessage(error, t, "errors.internal")),
    });
  return (
    <div className="flex flex-wrap items-end justify-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={separatorId} className="text-sm font-semibold text-night-900">
          {t("adminShared.export.separator")}
        </label>
        <select
          id={separatorId}
          value={separator}
          onChange={(event) => setSeparator(event.target.value as CsvSeparator)}
          className="h-11 max-w-full rounded-xl border border-night-600 bg-white px-3 text-sm text-night-900"
        >
          {SEPARATORS.map((value) => (
            <option key={value} value={value}>
              {t(`adminShared.export.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary" className="h-11" loading={exporting.isPending} onClick={onExport}>
        {!exporting.isPending && <Download aria-hidden="true" className="h-4 w-4" />}
        {t("adminShared.export.button")}
      </Button>
    </div>
  );
}
