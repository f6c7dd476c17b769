// `cloudflare:workers` exists only inside workerd. Unit tests that load the Worker's entry in Node
// (tests/unit/config.test.ts) get this stand-in for the one export the entry reaches: the Durable
// Object base class, never instantiated there. The real object is tested in workerd (tests/api).
export class DurableObject<Env = unknown> {
  constructor(
    protected ctx: unknown,
    protected env: Env,
  ) {}
}
