/**
 * A policy hit's trail detail for personal numbers found at a place: each number's rule and its last four
 * characters, in the order they stand in the text.
 */
export const numbersAt = (place: string, ...numbers: Array<[rule: string, last4: string]>) => ({
  place,
  matched: numbers.map(([rule, last4]) => ({ rule, last4 })),
});
