/** "15 May 2026", "15 mai 2026": documents spell the month, so no reader mistakes day and month. */
export function formatDocumentDate(locale: string, date: Date): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}
