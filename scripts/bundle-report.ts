// What the first load of / is made of, chunk by chunk: each chunk's gzip size and, inside it, the
// share of each package or source folder. Reads the report `VEILLEUSE_BUNDLE_REPORT=1 npm run
// build:web` writes (rollup-plugin-visualizer's raw data) and the build's manifest.
// A module's gzip size is measured alone, so the parts of a chunk add up to a bit more than the
// chunk itself (gzip shares its dictionary across a file): they rank the contents, the chunk's
// own figure is the one the budget counts.
// Run: VEILLEUSE_BUNDLE_REPORT=1 npm run build:web && npx tsx scripts/bundle-report.ts [--all]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { DIST, FIRST_LOAD_MODULES, type ManifestChunk, staticClosure } from "./size-budget";
import { ROOT } from "./stack";

type Node = { name: string; uid?: string; children?: Node[] };
type Report = { tree: Node; nodeParts: Record<string, { gzipLength: number; renderedLength: number }> };

/** node_modules/<package> or the first two folders of a source path: a readable unit of weight. */
function groupOf(moduleId: string): string {
  const pkg = moduleId.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const parts = moduleId.replace(/^\0/, "").split("/");
  return parts.length > 3 ? parts.slice(0, 3).join("/") : parts.join("/");
}

const leaves = (node: Node, prefix = ""): { id: string; uid: string }[] =>
  node.uid
    ? [{ id: `${prefix}${node.name}`, uid: node.uid }]
    : (node.children ?? []).flatMap((child) => leaves(child, `${prefix}${node.name ? `${node.name}/` : ""}`));

const report = JSON.parse(
  readFileSync(join(ROOT, "node_modules/.cache/veilleuse-bundle/report.json"), "utf8"),
) as Report;
const manifest = JSON.parse(readFileSync(join(DIST, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
const firstLoad = new Set(staticClosure(manifest, FIRST_LOAD_MODULES));
const all = process.argv.includes("--all");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);

let total = 0;
const chunks = report.tree.children ?? [];
const rows = chunks
  .filter((chunk) => chunk.name.endsWith(".js") && (all || firstLoad.has(chunk.name)))
  .map((chunk) => ({ chunk, gzip: gzipSync(readFileSync(join(DIST, chunk.name)), { level: 9 }).length }))
  .sort((a, b) => b.gzip - a.gzip);
for (const { chunk, gzip } of rows) {
  total += gzip;
  console.log(`${kb(gzip)}  ${chunk.name}${firstLoad.has(chunk.name) ? "" : "  (not on the first load of /)"}`);
  const groups = new Map<string, number>();
  for (const { id, uid } of (chunk.children ?? []).flatMap((child) => leaves(child))) {
    const group = groupOf(id.replace(`${ROOT}/`, ""));
    groups.set(group, (groups.get(group) ?? 0) + (report.nodeParts[uid]?.gzipLength ?? 0));
  }
  for (const [group, bytes] of [...groups].sort((a, b) => b[1] - a[1]).filter(([, b]) => b >= 200))
    console.log(`  ${kb(bytes)}  ${group}`);
}
console.log(`${kb(total)}  total gzip of ${rows.length} files`);
