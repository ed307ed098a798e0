/** Numbers as people read them: 104,512 (a fixed locale so server and browser agree). */
export function formatCount(n: number): string {
  return new Intl.NumberFormat("en-GB").format(n);
}
