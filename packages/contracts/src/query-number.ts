import { z } from 'zod';

/**
 * A whole number in a query string or a path, written in decimal digits (`12`, ` 12 `), within
 * `[min, max]`. `z.coerce.number()` would also read `0x10` as 16, `1e1` as 10 and `0b11` as 3: a
 * page or a limit nobody wrote, answered as if they had.
 */
export function wholeNumberParam(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, 'Rakamlarla yazılmış bir tam sayı olmalıdır')
    .pipe(z.coerce.number<string>().int().min(min).max(max));
}
