// Electron main process: thin glue. Every decision (which file to serve, which URL may leave the
// app, which config wins, who may use the bridge) lives in the plain modules beside this file,
// which are unit-tested without the Electron binary (tests/unit/desktop-*.test.ts).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell, type WebContents } from "electron";
import { buildContentSecurityPolicy, createAppProtocolHandler } from "./app-protocol";
import { APP_ORIGIN, APP_SCHEME } from "../db/constants/origins";
import { DESKTOP_START_PATH, IPC_CHANNELS, SAVABLE_FILE_TYPES } from "./bridge";
import { loadDesktopConfig, type DesktopConfig } from "./config";
import { answerGetConfig, answerOpenExternal, answerSaveFile, type SaveFileSystem } from "./ipc-handlers";
import { buildWebPreferences, decideNavigation, decidePermission, decideWindowOpen } from "./window-policy";

// Must run before `ready`: a standard, secure scheme gets a real origin (localStorage, cookies,
// relative URLs, fetch) like https. corsEnabled stays off so other origins cannot read app://.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
]);
app.enableSandbox();

// The bundle sits in desktop/out/, the web build in web/dist/: same layout in the repo and in the
// packaged app (see electron-builder.json `files`). VEILLEUSE_WEB_ROOT is honoured in development only.
function webRoot(): string {
  const override = process.env.VEILLEUSE_WEB_ROOT;
  if (override && !app.isPackaged) return path.resolve(override);
  return path.join(__dirname, "..", "..", "web", "dist");
}

let mainWindow: BrowserWindow | null = null;

function openExternally(url: string | undefined): void {
  if (url) void shell.openExternal(url).catch((error) => console.error("openExternal failed:", error));
}

/** Applied to every WebContents, so no frame or future window escapes the policy. */
function hardenWebContents(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    openExternally(decision.openExternal);
    return { action: decision.action };
  });
  const guardNavigation = (event: { url: string; preventDefault(): void }) => {
    const decision = decideNavigation(event.url);
    if (decision.allow) return;
    event.preventDefault();
    openExternally(decision.openExternal);
  };
  contents.on("will-navigate", guardNavigation);
  contents.on("will-redirect", guardNavigation);
  contents.on("will-attach-webview", (event) => event.preventDefault());
}

function registerIpc(config: DesktopConfig): void {
  const payload = { version: app.getVersion(), apiOrigin: config.apiOrigin };
  ipcMain.on(IPC_CHANNELS.getConfig, (event) => {
    event.returnValue = answerGetConfig(event.senderFrame?.url, payload);
  });
  ipcMain.handle(IPC_CHANNELS.openExternal, (event, url: unknown) =>
    answerOpenExternal(event.senderFrame?.url, url, (safeUrl) => shell.openExternal(safeUrl)),
  );
  ipcMain.handle(IPC_CHANNELS.saveFile, (event, name: unknown, bytes: unknown) =>
    answerSaveFile(event.senderFrame?.url, name, bytes, savingFiles),
  );
}

/** The system's save dialog, in the user's Downloads folder, and a plain write where she chose. */
const savingFiles: SaveFileSystem = {
  async askWhere(proposedName, extension) {
    const options = {
      defaultPath: path.join(app.getPath("downloads"), proposedName),
      filters: [{ name: SAVABLE_FILE_TYPES[extension], extensions: [extension] }],
    };
    const answer = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
    return answer.canceled || !answer.filePath ? null : answer.filePath;
  },
  write: (filePath, bytes) => writeFile(filePath, bytes),
};

function restrictPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback) => {
    callback(decidePermission(permission, contents.getURL()));
  });
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    decidePermission(permission, requestingOrigin),
  );
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 840,
    minWidth: 800,
    minHeight: 600,
    show: false,
    title: "Veilleuse",
    backgroundColor: "#ffffff",
    webPreferences: buildWebPreferences(path.join(__dirname, "preload.js")),
  });
  window.once("ready-to-show", () => window.show());
  window.on("closed", () => {
    if (mainWindow === window) mainWindow = null;
  });
  void window.loadURL(`${APP_ORIGIN}${DESKTOP_START_PATH}`);
  return window;
}

function focusMainWindow(): void {
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

function start(): void {
  const config = loadDesktopConfig({ argv: process.argv, env: process.env, userDataDir: app.getPath("userData") });
  for (const warning of config.warnings) console.warn(warning);

  app.on("second-instance", focusMainWindow);
  app.on("web-contents-created", (_event, contents) => hardenWebContents(contents));
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit();
  });
  app.on("activate", () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });

  void app.whenReady().then(() => {
    restrictPermissions();
    const csp = buildContentSecurityPolicy(config.apiOrigin);
    protocol.handle(APP_SCHEME, createAppProtocolHandler({ root: webRoot(), contentSecurityPolicy: csp }));
    registerIpc(config);
    mainWindow = createWindow();
  });
}

// A second launch focuses the running app instead of opening another one.
if (app.requestSingleInstanceLock()) start();
else app.quit();
