/** The specification's table cut: at most `max` characters, an ellipsis when cut. */
export function truncate(text: string | null | undefined, max = 50): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}…`;
}
