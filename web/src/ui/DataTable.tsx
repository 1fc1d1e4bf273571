import type { ReactNode } from 'react';
import './data-table.css';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The column that names the row: its cells are row headers (th scope="row"). */
  rowHeader?: boolean;
  /** Figures: right-aligned, in tabular digits. */
  numeric?: boolean;
  /** More classes for a cell (a trend's colour). */
  cellClass?: (row: Row) => string | undefined;
}

interface DataTableProps<Row> {
  /** Read by screen readers as the table's name; also the scroll region's, unless `label` says otherwise. */
  caption: string;
  label?: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowClass?: (row: Row) => string | undefined;
  /** A totals row: one cell a column, in the columns' order. */
  footer?: ReactNode[];
  testId?: string;
}

/**
 * A table of figures in a keyboard-scrollable region: a hidden caption, column headers and one
 * row header a row, so a screen reader names every figure by its row and column.
 */
export function DataTable<Row>({ caption, label = caption, columns, rows, rowKey, rowClass, footer, testId }: DataTableProps<Row>) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="data-table" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClass?.(row)}>
              {columns.map((column) => (
                <Cell key={column.header} column={column} className={classes(column.numeric && 'num', column.cellClass?.(row))}>
                  {column.cell(row)}
                </Cell>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr>
              {columns.map((column, i) => (
                <Cell key={column.header} column={column} className={column.numeric ? 'num' : undefined}>
                  {footer[i]}
                </Cell>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

function Cell<Row>({ column, className, children }: { column: Column<Row>; className: string | undefined; children: ReactNode }) {
  return column.rowHeader ? (
    <th scope="row" className={className}>
      {children}
    </th>
  ) : (
    <td className={className}>{children}</td>
  );
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;
