/** Names and business names have whitespace collapsed and trimmed (spec 000 §5). */
export function collapseWhitespace(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}
