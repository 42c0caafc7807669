import { isApiError } from '../../../lib/api-error';

/**
 * A refused call's validation errors, split between the form's fields (by the server's field names)
 * and the rest, so each message can stand next to its field (UI.md: errors inline and summarised).
 */
export function splitServerErrors<Field extends string>(
  error: unknown,
  fieldOfServerName: Readonly<Record<string, Field>>,
): { fieldErrors: Partial<Record<Field, string>>; otherErrors: string[] } | undefined {
  if (!isApiError(error) || error.code !== 'VF' || error.validationErrors.length === 0) return undefined;
  const fieldErrors: Partial<Record<Field, string>> = {};
  const otherErrors: string[] = [];
  for (const item of error.validationErrors) {
    const field = fieldOfServerName[item.field];
    if (field !== undefined && fieldErrors[field] === undefined) fieldErrors[field] = item.message;
    else otherErrors.push(item.message);
  }
  return { fieldErrors, otherErrors };
}
