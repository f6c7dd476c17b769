// How passwords are hashed: better-auth's default everywhere but the local test stacks.
// The default is scrypt with N=16384, r=16, p=1: about 110 ms of CPU per hash, on purpose (a stolen
// hash costs as much to guess). The API and end-to-end suites sign up and sign in hundreds of
// accounts a run: about 100 core-seconds of the API suite went to hashing alone. Their stacks set
// TEST_PASSWORD_HASHING=fast: the same scrypt, 32 times cheaper, in hashes marked `fast:` that the
// default verification never accepts.
// The switch is honoured only outside production with a loopback public origin, and refused
// (configProblem: the Worker answers 503) anywhere else, so a deployed Worker cannot run with it.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import { type Env, isProduction } from "../env";

const FAST_PREFIX = "fast:";
const FAST_COST = { N: 1024, r: 8, p: 1 };
const KEY_LENGTH = 64;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Whether the environment asks for fast hashing. */
const fastHashingAsked = (env: Env) => env.TEST_PASSWORD_HASHING === "fast";

/** A local stack: not production, and its public origin is this machine. */
function isLocalStack(env: Env): boolean {
  if (isProduction(env)) return false;
  try {
    return LOOPBACK_HOSTS.has(new URL(env.PUBLIC_ORIGIN?.trim() ?? "").hostname);
  } catch {
    return false;
  }
}

/** Why TEST_PASSWORD_HASHING cannot be honoured here, or null. */
export function passwordHashingProblem(env: Env): string | null {
  if (env.TEST_PASSWORD_HASHING === undefined || env.TEST_PASSWORD_HASHING === "") return null;
  if (!fastHashingAsked(env)) return `TEST_PASSWORD_HASHING accepts only "fast"`;
  return isLocalStack(env)
    ? null
    : "TEST_PASSWORD_HASHING is for local test stacks only (not production, loopback origin)";
}

function fastKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((done, fail) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, FAST_COST, (error, key) => (error ? fail(error) : done(key))),
  );
}

async function fastHash(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${FAST_PREFIX}${salt}:${(await fastKey(password, salt)).toString("hex")}`;
}

async function fastOrDefaultVerify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  if (!hash.startsWith(FAST_PREFIX)) return verifyPassword({ hash, password });
  const [salt, key] = hash.slice(FAST_PREFIX.length).split(":");
  if (!salt || !key) return false;
  const expected = Buffer.from(key, "hex");
  const actual = await fastKey(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * better-auth's `emailAndPassword.password` option: undefined (its default scrypt) unless a local
 * test stack asked for fast hashing; then new hashes are fast ones, and the seed's default-cost
 * hashes still verify.
 */
export function passwordHashing(env: Env) {
  if (!fastHashingAsked(env) || !isLocalStack(env)) return undefined;
  return { hash: fastHash, verify: fastOrDefaultVerify };
}
