// The automatic filter over a corpus of French examples (tests/fixtures/moderation-corpus.ts): it
// prints the precision and recall of "flagged" and of the right signal, and holds them to a floor.
import { describe, expect, it } from "vitest";
import { signalsIn } from "../../edge/services/moderation/content-signals";
import { SHOULD_FLAG, SHOULD_PASS } from "../fixtures/moderation-corpus";

describe("the filter over the French corpus", () => {
  it("flags what it should and leaves ordinary messages alone", () => {
    const caught = SHOULD_FLAG.filter(([text, signal]) => signalsIn(text).includes(signal));
    const missed = SHOULD_FLAG.filter(([text, signal]) => !signalsIn(text).includes(signal));
    const falseAlarms = SHOULD_PASS.filter((text) => signalsIn(text).length > 0);
    const truePositives = SHOULD_FLAG.filter(([text]) => signalsIn(text).length > 0).length;
    const precision = truePositives / (truePositives + falseAlarms.length);
    const recall = caught.length / SHOULD_FLAG.length;
    console.info(
      `moderation corpus: ${SHOULD_FLAG.length} to flag, ${SHOULD_PASS.length} ordinary; ` +
        `precision ${(precision * 100).toFixed(1)} %, recall (right signal) ${(recall * 100).toFixed(1)} %` +
        (missed.length ? `; missed: ${missed.map(([text]) => JSON.stringify(text)).join(", ")}` : "") +
        (falseAlarms.length ? `; false alarms: ${falseAlarms.map((text) => JSON.stringify(text)).join(", ")}` : ""),
    );
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });
});
