// Bundles the Electron main process and preload into desktop/out/ (CommonJS, electron external).
// Run: `tsx desktop/build.ts [--outdir=<dir>]`. Needs no Electron binary, so CI can prove both
// entry points compile and resolve every import.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type BuildOptions } from "esbuild";

const desktopDir = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_OUTDIR = path.join(desktopDir, "out");

// Conservative targets: the Node and Chromium inside Electron 41 are newer than both.
const shared: BuildOptions = {
  bundle: true,
  format: "cjs",
  external: ["electron"],
  sourcemap: false,
  legalComments: "none",
  logLevel: "warning",
};

export async function buildDesktop(outdir: string = DEFAULT_OUTDIR): Promise<{ main: string; preload: string }> {
  await mkdir(outdir, { recursive: true });
  // The repo's package.json says "type": "module"; this marker makes Node and Electron load the
  // .js bundles in out/ as CommonJS (also inside the packaged app).
  await writeFile(path.join(outdir, "package.json"), `${JSON.stringify({ type: "commonjs" })}\n`);
  const main = path.join(outdir, "main.js");
  const preload = path.join(outdir, "preload.js");
  await build({
    ...shared,
    entryPoints: [path.join(desktopDir, "main.ts")],
    outfile: main,
    platform: "node",
    target: "node22",
  });
  // The sandboxed preload has no Node modules: platform "browser" makes any node: import a build error.
  await build({
    ...shared,
    entryPoints: [path.join(desktopDir, "preload.ts")],
    outfile: preload,
    platform: "browser",
    target: "chrome130",
  });
  return { main, preload };
}

function outdirFromArgv(argv: readonly string[]): string | undefined {
  const arg = argv.find((value) => value.startsWith("--outdir="));
  return arg ? path.resolve(arg.slice("--outdir=".length)) : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  buildDesktop(outdirFromArgv(process.argv.slice(2)))
    .then(({ main, preload }) => console.log(`desktop bundles written: ${main}, ${preload}`))
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    });
}
