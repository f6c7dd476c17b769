// How the Geography cuts a period into what it reads live and what it reads from the per-day and
// per-month sums (services/admin/city-activity.ts), and the median read from a histogram.
import { describe, expect, it } from "vitest";
import { histogramMedian, periodPieces } from "../../edge/services/admin/city-activity";

describe("periodPieces", () => {
  it("reads the partial days live, the whole days from day rows and the whole months from month rows", () => {
    expect(periodPieces({ from: "2025-11-27T17:02:13.000Z", to: "2026-11-27T17:02:13.000Z" })).toEqual({
      live: [
        { from: "2025-11-27T17:02:13.000Z", to: "2025-11-28T00:00:00.000Z" },
        { from: "2026-11-27T00:00:00.000Z", to: "2026-11-27T17:02:13.000Z" },
      ],
      days: [
        { from: "2025-11-28", to: "2025-12-01" },
        { from: "2026-11-01", to: "2026-11-27" },
      ],
      months: [{ from: "2025-12", to: "2026-11" }],
    });
  });

  it("needs no live piece at midnight, and no month rows for a period inside two months", () => {
    expect(periodPieces({ from: "2026-10-28T00:00:00.000Z", to: "2026-11-27T00:00:00.000Z" })).toEqual({
      live: [],
      days: [{ from: "2026-10-28", to: "2026-11-27" }],
      months: [],
    });
    // From the first of a month: that month is read whole from its month row.
    expect(periodPieces({ from: "2026-01-01T00:00:00.000Z", to: "2026-03-02T10:00:00.000Z" })).toEqual({
      live: [{ from: "2026-03-02T00:00:00.000Z", to: "2026-03-02T10:00:00.000Z" }],
      days: [{ from: "2026-03-01", to: "2026-03-02" }],
      months: [{ from: "2026-01", to: "2026-03" }],
    });
  });

  it("reads a period within a day live, whole", () => {
    const window = { from: "2026-11-27T01:00:00.000Z", to: "2026-11-27T09:00:00.000Z" };
    expect(periodPieces(window)).toEqual({ live: [window], days: [], months: [] });
  });
});

describe("histogramMedian", () => {
  it("is the mean of the middle answer's bucket, or of the two middle ones' for an even count", () => {
    expect(histogramMedian([0, 0], [0, 0])).toBeNull();
    // Three answers of 600 s in one bucket, one of 7,200 s in another: the middle two are 600 s.
    expect(histogramMedian([3, 1], [1800, 7200])).toBe(600);
    // Two answers in different buckets: their mean.
    expect(histogramMedian([1, 0, 1], [1800, 0, 7200])).toBe(4500);
    // Five answers, the middle one in the second bucket (mean 1,000 s).
    expect(histogramMedian([2, 2, 1], [200, 2000, 9000])).toBe(1000);
  });
});
