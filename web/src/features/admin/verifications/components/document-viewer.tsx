// The document's files: the front and, for an identity card, the back. Images show inline; a PDF
// opens in a new tab through its link ('Ouvrir le PDF'). The links are signed for this admin for a
// few minutes and asked for each time the page opens; a link followed after its time is asked
// again first. Once the files were deleted (30 days after the decision), the page says so. The
// desktop app, whose session is a bearer token an <img> or a tab would not carry, fetches the bytes
// itself: an image shows from them, a PDF is saved through its save dialog.
import { type MouseEvent, useEffect, useState } from "react";
import type { ReviewDocumentDto } from "@db/validators/verification";
import { Button } from "@web/components/ui/button";
import { LoadError } from "@web/components/ui/page-states";
import { ApiError } from "@web/lib/api-client";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { getPlatform, isDesktop } from "@web/lib/platform";
import { serverMessage } from "@web/lib/server-message";
import { Skeleton, SkeletonBlock } from "../../components/skeleton";
import { type DocumentLinks, fetchFile, fileUrl, linksStillValid, useDocumentLinks } from "../api/document-links";
import { adminVerificationsTexts } from "../texts";
import { useDocumentLabels } from "./labels";
import { Panel } from "../../components/panel";

type Side = "front" | "back";

export function DocumentViewer({ document }: { document: ReviewDocumentDto }) {
  const { t } = useTranslation(adminVerificationsTexts);
  const links = useDocumentLinks(document.id, !document.files_deleted);
  const deleted = document.files_deleted || (links.error instanceof ApiError && links.error.code === "FILES_DELETED");
  let body;
  if (deleted) body = <p className="font-semibold text-night-900">{t("adminVerifications.viewer.filesDeleted")}</p>;
  else if (links.isPending)
    body = (
      <Skeleton className="grid gap-4 sm:grid-cols-2">
        <SkeletonBlock className="h-64" />
      </Skeleton>
    );
  else if (links.isError)
    body = (
      <LoadError
        variant="card"
        toast
        message={serverMessage(links.error, t, "adminVerifications.viewer.linksError")}
        onRetry={() => void links.refetch()}
      />
    );
  else {
    const current = links.data;
    // Links past their time are asked for again (undefined when they could not be had).
    const validLinks = async () => (linksStillValid(current) ? current : (await links.refetch()).data);
    const sides: Side[] = current.back ? ["front", "back"] : ["front"];
    body = (
      <div className="grid gap-4 sm:grid-cols-2">
        {sides.map((side) => (
          <FileSide key={side} document={document} side={side} links={current} validLinks={validLinks} />
        ))}
      </div>
    );
  }
  return <Panel title={t("adminVerifications.viewer.title")}>{body}</Panel>;
}

type FileSideProps = {
  document: ReviewDocumentDto;
  side: Side;
  links: DocumentLinks;
  validLinks: () => Promise<DocumentLinks | undefined>;
};

const pathOf = (links: DocumentLinks, side: Side) => (side === "back" ? links.back : links.front) ?? "";

function FileSide({ document, side, links, validLinks }: FileSideProps) {
  const { t } = useTranslation(adminVerificationsTexts);
  const labels = useDocumentLabels();
  const sideName = t(`adminVerifications.viewer.${side}`);
  // The address that failed to show as an image: offered as a file instead.
  const [failedPath, setFailedPath] = useState<string | null>(null);
  const path = pathOf(links, side);
  const open = (label: string) => (
    <OpenFile document={document} side={side} label={label} links={links} validLinks={validLinks} />
  );
  const alt = t("adminVerifications.viewer.alt", {
    side: sideName,
    kind: labels.kind(document),
    name: `${document.owner.first_name} ${document.owner.last_name}`,
  });
  let body;
  const type = side === "back" ? document.back_mime_type : document.mime_type;
  if (type === "application/pdf") body = open(t("adminVerifications.viewer.openPdf"));
  else if (failedPath === path)
    body = (
      <>
        <p role="alert" className="font-semibold text-red-800">
          {t("adminVerifications.viewer.imageError")}
        </p>
        {open(t("adminVerifications.viewer.openFile"))}
      </>
    );
  else if (isDesktop()) body = <DesktopImage path={path} alt={alt} onError={() => setFailedPath(path)} />;
  else body = <FileImage src={fileUrl(path)} alt={alt} onError={() => setFailedPath(path)} />;
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <figcaption className="text-sm font-semibold text-slate-700">{sideName}</figcaption>
      {body}
    </figure>
  );
}

function FileImage({ src, alt, onError }: { src: string; alt: string; onError: () => void }) {
  return (
    <img
      src={src}
      alt={alt}
      onError={onError}
      className="max-h-[36rem] min-h-8 min-w-8 max-w-full self-start rounded-lg border border-night-100 bg-night-50 object-contain"
    />
  );
}

/** The desktop app's image: its bytes fetched with the session, shown from a blob address while the page lasts. */
function DesktopImage({ path, alt, onError }: { path: string; alt: string; onError: () => void }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let current = true;
    fetchFile(path).then(
      (blob) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      },
      () => current && onError(),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
    // onError changes each render; the file is the path's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  if (!src) return <SkeletonBlock className="h-64" />;
  return <FileImage src={src} alt={alt} onError={onError} />;
}

type OpenFileProps = {
  document: ReviewDocumentDto;
  side: Side;
  label: string;
  links: DocumentLinks;
  validLinks: () => Promise<DocumentLinks | undefined>;
};

const OPEN_CLASSES =
  "inline-flex min-h-11 items-center gap-1 self-start rounded-xl border border-night-600 px-4 py-2 text-sm font-semibold text-night-900 hover:bg-night-100";

/** The file in a new tab (the browser shows a PDF), or saved by the desktop app. */
function OpenFile({ document, side, label, links, validLinks }: OpenFileProps) {
  const { t } = useTranslation(adminVerificationsTexts);
  const sideName = t(`adminVerifications.viewer.${side}`);
  const failed = () => notify.error(t("adminVerifications.viewer.linksError"));

  if (isDesktop()) {
    const save = async () => {
      const fresh = await validLinks();
      const path = fresh ? pathOf(fresh, side) : "";
      if (!path) return failed();
      const bytes = new Uint8Array(await (await fetchFile(path)).arrayBuffer());
      const name = side === "back" ? `${sideName}-${document.file_name}` : document.file_name;
      await getPlatform().saveFile(name, bytes);
    };
    return (
      <Button variant="ghost" className="self-start border border-night-600" onClick={() => void save().catch(failed)}>
        {label}
        <span className="sr-only"> {sideName}</span>
      </Button>
    );
  }

  // A link past its time opens nothing: new ones are asked for first. The tab opens during the
  // click, so no pop-up blocker stops it, and is closed again if they cannot be had.
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (linksStillValid(links)) return;
    event.preventDefault();
    const tab = window.open("", "_blank");
    void validLinks().then((fresh) => {
      const path = fresh ? pathOf(fresh, side) : "";
      if (!path) {
        tab?.close();
        return failed();
      }
      if (!tab) return void window.open(fileUrl(path), "_blank", "noopener");
      tab.opener = null;
      tab.location.replace(fileUrl(path));
    });
  };
  return (
    <a
      href={fileUrl(pathOf(links, side))}
      target="_blank"
      rel="noopener noreferrer"
      onClick={follow}
      className={OPEN_CLASSES}
    >
      {label}
      <span className="sr-only">
        {" "}
        {sideName} {t("adminVerifications.viewer.newTab")}
      </span>
    </a>
  );
}
