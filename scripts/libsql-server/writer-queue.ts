// One writer at a time, in arrival order. SQLite lets a single connection write; the others, told
// SQLITE_BUSY, would poll for the lock, and under a burst (forty sign-ups, each a BEGIN IMMEDIATE ...
// COMMIT spanning several HTTP round trips) a poller can lose every race until its budget runs out:
// the client then gets a 500 for what was only a queue. sqld, the production server, orders its
// writers too. All the server's connections live in this process, so they queue here, in order,
// and take SQLite's write lock only when it is theirs.
import { StatementError } from "./protocol";

/** How long a statement may wait for its turn to write (a stuck holder is closed by the stream sweeper first). */
export const WRITER_WAIT_MS = 20_000;

type Waiter = { owner: object; grant: () => void; timer: NodeJS.Timeout };

export class WriterQueue {
  private holder: object | null = null;
  private waiting: Waiter[] = [];

  constructor(private readonly waitMs = WRITER_WAIT_MS) {}

  holds(owner: object): boolean {
    return this.holder === owner;
  }

  /** Resolves when `owner` is the writer; rejects with SQLITE_BUSY after `waitMs` in the queue. */
  acquire(owner: object): Promise<void> {
    if (this.holder === owner) return Promise.resolve();
    if (this.holder === null) {
      this.holder = owner;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        owner,
        grant: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting = this.waiting.filter((w) => w !== waiter);
          reject(new StatementError(`No turn to write within ${this.waitMs} ms`, "SQLITE_BUSY"));
        }, this.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** Hands the turn to the next in line; a no-op for an owner that does not hold it. */
  release(owner: object): void {
    if (this.holder !== owner) return;
    const next = this.waiting.shift();
    this.holder = next?.owner ?? null;
    next?.grant();
  }
}
