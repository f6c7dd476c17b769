import { useEffect, type ReactNode } from "react";

/** Standard page body: a title (the page's h1) and its content. */
export function PageFrame({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-night-900">{title}</h1>
      {intro && <div className="mt-2 text-slate-700">{intro}</div>}
      <div className="mt-6">{children}</div>
    </div>
  );
}

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Veilleuse` : "Veilleuse";
  }, [title]);
}
