/**
 * Request shaping of spec 000 §5: null and undefined fields are dropped, as are empty filter fields.
 * Applied to whole objects, recursively through plain objects and arrays.
 */
export function dropNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => dropNulls(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === null || item === undefined) continue;
      result[key] = dropNulls(item);
    }
    return result as T;
  }
  return value;
}

/** Filters additionally lose empty strings (spec 000 §5 "empty filter fields are dropped"). */
export function dropEmptyFilterFields<T extends Record<string, unknown>>(filter: T): Partial<T> {
  const result: Partial<T> = {};
  for (const [key, item] of Object.entries(filter) as [keyof T, T[keyof T]][]) {
    if (item === null || item === undefined) continue;
    if (typeof item === 'string' && item.trim() === '') continue;
    result[key] = item;
  }
  return result;
}

/**
 * The spec's client turns numeric strings in responses into numbers, except address- and name-like
 * fields; money amounts and rates stay decimal strings (DESIGN.md §4).
 */
const KEEP_AS_STRING =
  /(address|name|amount|balance|rate|fee|phone|postal|zip|code|iban|number|reference|login|email|note|description|title|token|secret|key|tax)/i;

export function numericStringsToNumbers<T>(value: T, key = ''): T {
  if (Array.isArray(value)) return value.map((item: unknown) => numericStringsToNumbers(item, key)) as T;
  if (value !== null && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [childKey, item] of Object.entries(value)) result[childKey] = numericStringsToNumbers(item, childKey);
    return result as T;
  }
  if (typeof value === 'string' && !KEEP_AS_STRING.test(key) && /^-?\d{1,15}$/.test(value)) {
    return Number(value) as T;
  }
  return value;
}
