// The build's pre-render entry (run in Node by the web build, never shipped to browsers): the HTML
// of one public page in one language, as the browser entry renders it before hydrating.
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import type { Language } from "@db/i18n/languages";
import { Providers } from "./app/providers";
import { AppRoutes, preloadPages } from "./app/router";
import { switchTo } from "./lib/i18n";

export async function renderPage(pathname: string, lang: Language): Promise<string> {
  await switchTo(lang);
  await preloadPages(pathname);
  return renderToString(
    <StrictMode>
      <Providers>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
}
