import { decorativeIconProps } from '../../../components/icons';
import type { HistoryItemStatus } from '@app/shared/api/history';
import classes from './history-icons.module.css';

/** Status icons: always beside the status in words, so hidden from assistive technology. */
const common = decorativeIconProps(20);

export function StatusIcon({ status }: { status: HistoryItemStatus }) {
  switch (status) {
    case 'completed':
      return (
        <svg {...common} className={classes.completed}>
          <circle cx="12" cy="12" r="9" />
          <path d="m8 12.5 3 3 5-6" />
        </svg>
      );
    case 'processing':
      return (
        <svg {...common} className={classes.processing}>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" />
        </svg>
      );
    case 'rejected':
      return (
        <svg {...common} className={classes.rejected}>
          <circle cx="12" cy="12" r="9" />
          <path d="m9 9 6 6M15 9l-6 6" />
        </svg>
      );
  }
}

export function DirectionIcon({ isIncoming }: { isIncoming: boolean }) {
  return <svg {...common}>{isIncoming ? <path d="M17 7 7 17M7 9v8h8" /> : <path d="M7 17 17 7M9 7h8v8" />}</svg>;
}
