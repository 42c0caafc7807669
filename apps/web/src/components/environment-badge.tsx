import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../lib/runtime-config';
import classes from './environment-badge.module.css';

/** Says which server this page talks to, whenever that is not production. */
export function EnvironmentBadge() {
  const { environment } = useRuntimeConfig();
  const { t } = useTranslation('common');
  if (environment.isProduction) return null;
  return <span className={classes.badge}>{t('environment.badge', { name: environment.name })}</span>;
}
