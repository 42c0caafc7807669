import { decorativeIconProps } from '../../../components/icons';
/** Decorative icons of the account screens: always beside a text label, so hidden from assistive technology. */
const common = decorativeIconProps(18);

export function AddMoneyIcon() {
  return (
    <svg {...common}>
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

export function SendIcon() {
  return (
    <svg {...common}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </svg>
  );
}

export function ExchangeIcon() {
  return (
    <svg {...common}>
      <path d="M4 8h14l-3-3M20 16H6l3 3" />
    </svg>
  );
}

export function MoreIcon() {
  return (
    <svg {...common}>
      <circle cx="5" cy="12" r="1" />
      <circle cx="12" cy="12" r="1" />
      <circle cx="19" cy="12" r="1" />
    </svg>
  );
}

export function PendingIcon() {
  return (
    <svg {...common} width={14} height={14}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}
