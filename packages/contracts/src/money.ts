/** Money is stored as integer kuruş; the API speaks TRY numbers with two decimals. */
export function kurusToTry(kurus: number): number {
  return Math.round(kurus) / 100;
}

export function tryToKurus(amount: number): number {
  return Math.round(amount * 100);
}
