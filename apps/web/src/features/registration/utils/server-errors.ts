import { isApiError } from '../../../lib/api-error';
import { type ErrorTextKey, userFacingError } from '../../../lib/error-message';

/**
 * A refused call split the way the forms show it (UI.md "Forms forgive"): the validation errors of
 * known fields go next to their fields, everything else to the summary at the top.
 */
export interface SplitError<Field extends string> {
  fields: Partial<Record<Field, string>>;
  form: string[];
  /** The catalogue code for support, when the error is not about fields. */
  supportCode?: string;
}

export function splitServerError<Field extends string>(
  error: unknown,
  fieldOfServerField: Readonly<Record<string, Field>>,
  translate: (key: ErrorTextKey) => string,
): SplitError<Field> {
  const fields: Partial<Record<Field, string>> = {};
  const form: string[] = [];
  if (isApiError(error)) {
    for (const item of error.validationErrors) {
      const field = fieldOfServerField[item.field];
      if (field !== undefined && fields[field] === undefined) fields[field] = item.message;
      else if (field === undefined) form.push(item.message);
    }
  }
  if (Object.keys(fields).length > 0) return { fields, form };
  const { message, code } = userFacingError(error, translate);
  return { fields, form: [message], supportCode: code };
}
