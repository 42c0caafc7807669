import type { ReactNode } from 'react';
import classes from './review-list.module.css';

export interface ReviewRow {
  key: string;
  label: string;
  value: ReactNode;
  /** The row the customer should read first (what leaves, what arrives). */
  isEmphasized?: boolean;
}

/** Everything about a transfer before it is made, as label–value pairs (UI.md "show everything"). */
export function ReviewList({ rows }: { rows: readonly ReviewRow[] }) {
  return (
    <dl className={classes.list}>
      {rows.map((row) => (
        <div key={row.key} className={row.isEmphasized ? `${classes.row} ${classes.emphasized}` : classes.row}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
