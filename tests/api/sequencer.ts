// The order vitest starts the API files in. Without the durations of a previous run (a clean clone,
// as in CI) vitest starts the largest files first, and the longest two are small: the 1,000-message
// chaos test and the test that starts `npm start` twice, 40 to 80 s each. Started last, they ran
// while the other workers had nothing left. They now start first, then vitest's own order.
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The API files that take longest for their size (docs/testing.md, "Where the suite's time goes"). */
const LONGEST_API_FILES = ["realtime-chaos.test.ts", "start-signals.test.ts", "realtime.test.ts"];

const rank = (file: TestSpecification) => {
  const index = LONGEST_API_FILES.findIndex((name) => file.moduleId.endsWith(`/tests/api/${name}`));
  return index === -1 ? LONGEST_API_FILES.length : index;
};

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
