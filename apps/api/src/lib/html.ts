/** Text made safe inside HTML (element content and quoted attributes): & < > " ' as character references. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
