// The Worker's CPU per API request: what the API and end-to-end suites pay for each call on this
// machine's two cores. Signs the demo parent in, then sends 300 requests one after another to each
// of a few routes and prints, per request, the CPU of the workerd processes (wrangler's proxy and
// the Worker), the CPU of this process (the client and the local libSQL server, which startStack
// runs here) and the wall time. Linux only: it reads /proc.
// Run: npx tsx tests/bench/request-cpu.ts   (prints figures, asserts nothing)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { startStack, TEST_STACK_VARS } from "../../scripts/stack";
import { processes, TICKS_PER_SECOND } from "./test-costs";

const REQUESTS = 300;
const WARM_UP = 30;
const ROUTES = ["/api/health", "/api/me", "/api/dashboard", "/api/bookings"];

/** CPU so far of every workerd process on the machine, in ms. */
function workerdMs(): number {
  const workerd = [...processes().values()].filter((each) => each.command.includes("workerd"));
  return (workerd.reduce((sum, each) => sum + each.ticks, 0) / TICKS_PER_SECOND) * 1000;
}

async function signedInCookie(url: string): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS.parent;
  const answer = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}`);
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export async function main() {
  const dir = mkdtempSync(join(tmpdir(), "veilleuse-bench-"));
  const stack = await startStack({
    dbFile: join(dir, "bench.db"),
    seed: true,
    build: "if-missing",
    quiet: true,
    watch: false,
    vars: { ...TEST_STACK_VARS },
  });
  try {
    const cookie = await signedInCookie(stack.url);
    const get = async (path: string) => {
      const answer = await fetch(stack.url + path, { headers: { cookie } });
      await answer.arrayBuffer();
      return answer.status;
    };
    console.log(`Per request, mean of ${REQUESTS} sent one after another (the demo parent signed in):`);
    for (const path of ROUTES) {
      for (let i = 0; i < WARM_UP; i++) await get(path);
      const workerdBefore = workerdMs();
      const ownBefore = process.cpuUsage();
      const started = performance.now();
      let status = 0;
      for (let i = 0; i < REQUESTS; i++) status = await get(path);
      const own = process.cpuUsage(ownBefore);
      const perRequest = (ms: number) => (ms / REQUESTS).toFixed(2);
      console.log(
        `${path} (${status}): workerd ${perRequest(workerdMs() - workerdBefore)} ms CPU, ` +
          `client and libSQL server ${perRequest((own.user + own.system) / 1000)} ms CPU, ` +
          `wall ${perRequest(performance.now() - started)} ms`,
      );
    }
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
