// A plain table of figures: a caption (read by screen readers), a header row, a row per item whose
// first cell names it, and an optional total row. Every cell is text: the search words people typed
// are rendered by React as text, never as HTML.
export type FigureRow = { key: string; label: string; values: string[] };

export function FigureTable({
  caption,
  columns,
  rows,
  total,
  captionVisible = false,
}: {
  caption: string;
  /** The first column's header, then each figure's. */
  columns: string[];
  rows: FigureRow[];
  total?: { label: string; values: string[] };
  captionVisible?: boolean;
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
            <th scope="row" className="break-all py-1.5 pr-3 font-normal">
              {row.label}
            </th>
            {row.values.map((value, index) => (
              <td key={index} className="whitespace-nowrap py-1.5 pl-3 text-right tabular-nums">
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {total && (
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" className="py-2 pr-3">
              {total.label}
            </th>
            {total.values.map((value, index) => (
              <td key={index} className="whitespace-nowrap py-2 pl-3 text-right tabular-nums">
                {value}
              </td>
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  );
}
