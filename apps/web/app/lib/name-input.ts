import { NAME_DISALLOWED_CHARS, NAME_MAX_LENGTH } from '@kiyasla/contracts/user';

/**
 * What the first- and last-name inputs keep while the user types (spec §5: letters, Turkish
 * ones included, and spaces; "other characters are rejected while typing"). Leading spaces and
 * runs of spaces are dropped too, and the length is capped.
 */
export function filterNameInput(value: string): string {
  return value
    .normalize('NFC')
    .replace(NAME_DISALLOWED_CHARS, '')
    .replace(/\s+/g, ' ')
    .replace(/^ /, '')
    .slice(0, NAME_MAX_LENGTH);
}
