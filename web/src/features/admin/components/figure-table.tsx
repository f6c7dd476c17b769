// A plain table of figures, the dashboard's and the analytics' text alternative of a chart (and the
// analytics' tables of words): a caption (read by screen readers), a header row, a row per item whose
// first cell names it, and an optional total row. Every cell is text: the search words people typed
// are rendered by React as text, never as HTML.
export type FigureRow = { key: string; label: string; values: string[] };

export function FigureTable({
  caption,
  columns,
  rows,
  total,
  captionVisible = false,
  labelWrap = "anywhere",
}: {
  caption: string;
  /** The first column's header, then each figure's. */
  columns: string[];
  rows: FigureRow[];
  total?: { label: string; values: string[] };
  captionVisible?: boolean;
  /**
   * Where a row's name may wrap: anywhere (a word people typed can be one long string that would
   * widen the card), or only between words (dates, names of steps).
   */
  labelWrap?: "anywhere" | "spaces";
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className={captionVisible ? "pb-2 text-left font-semibold text-night-900" : "sr-only"}>
        {caption}
      </caption>
      <thead>
        <tr className="border-b border-night-100">
          {columns.map((column, index) => (
            <th
              key={column}
              scope="col"
              className={index === 0 ? "py-2 pr-3" : "whitespace-nowrap py-2 pl-3 text-right"}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-night-50">
            <RowCells
              label={row.label}
              values={row.values}
              labelClassName={
                labelWrap === "anywhere" ? "break-all py-1.5 pr-3 font-normal" : "py-1.5 pr-3 font-normal"
              }
              valueClassName="whitespace-nowrap py-1.5 pl-3 text-right tabular-nums"
            />
          </tr>
        ))}
      </tbody>
      {total && (
        <tfoot>
          <tr className="font-semibold">
            <RowCells
              label={total.label}
              values={total.values}
              labelClassName="py-2 pr-3"
              valueClassName="whitespace-nowrap py-2 pl-3 text-right tabular-nums"
            />
          </tr>
        </tfoot>
      )}
    </table>
  );
}

/** A row's cells: its name as the row's header, then its figures. */
function RowCells({
  label,
  values,
  labelClassName,
  valueClassName,
}: {
  label: string;
  values: string[];
  labelClassName: string;
  valueClassName: string;
}) {
  return (
    <>
      <th scope="row" className={labelClassName}>
        {label}
      </th>
      {values.map((value, index) => (
        <td key={index} className={valueClassName}>
          {value}
        </td>
      ))}
    </>
  );
}
