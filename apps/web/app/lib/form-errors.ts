/**
 * Field errors of a 400 answer (`errors: [{ path: 'body.email', message }]`) mapped onto the
 * form's own field names, so a server-side rule shows under its field.
 */
export function serverFieldErrors<Name extends string>(
  errors: ReadonlyArray<{ path: string; message: string }> | undefined,
  fields: readonly Name[],
): Array<{ name: Name; message: string }> {
  if (!errors) return [];
  const out: Array<{ name: Name; message: string }> = [];
  for (const error of errors) {
    const name = error.path.replace(/^body\./, '').split('.')[0] as Name;
    if (fields.includes(name) && !out.some((e) => e.name === name)) out.push({ name, message: error.message });
  }
  return out;
}
