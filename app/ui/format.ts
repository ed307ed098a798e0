// Built once: constructing a NumberFormat costs far more than formatting with one, and pages format dozens of counts.
const COUNT_FORMAT = new Intl.NumberFormat("en-GB");

/** Numbers as people read them: 104,512 (a fixed locale so server and browser agree). */
export function formatCount(n: number): string {
  return COUNT_FORMAT.format(n);
}
