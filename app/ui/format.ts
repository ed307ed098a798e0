// Built once: constructing a NumberFormat costs far more than formatting with one, and pages format dozens of counts.
const COUNT_FORMAT = new Intl.NumberFormat("en-GB");

/** Numbers as people read them: 104,512 (a fixed locale so server and browser agree). */
export function formatCount(n: number): string {
  return COUNT_FORMAT.format(n);
}

const DAY_FORMAT = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A day as a citation gives it: 24 November 2026 (UTC, so the server's zone does not move it). */
export function formatCitationDay(date: Date): string {
  return DAY_FORMAT.format(date);
}
