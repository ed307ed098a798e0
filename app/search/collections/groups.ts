/**
 * The groups the collections are listed under (menu, home page, /Search). A collection names its group by the
 * label; the wide menu shows the short label, because the full names no longer fit in one row beside each other
 * (the full name stays the button's accessible name and heads the group in the phone menu).
 */
export const ST_PETE_GROUP = "St. Petersburg Lutheran Consistory";
export const LUBLIN_GROUP = "Lublin Lutheran parishes";
export const VOLHYNIAN_GROUP = "Volhynia 1900–1918";
// Members' name indexes: one search each, over entries that point to a film,
// register and page rather than transcribe a whole act.
export const INDEXES_GROUP = "Indexes (members)";

export const GROUP_SHORT_LABELS: Readonly<Record<string, string>> = {
  [ST_PETE_GROUP]: "St. Petersburg",
  [LUBLIN_GROUP]: "Lublin",
  [VOLHYNIAN_GROUP]: "Volhynia",
  [INDEXES_GROUP]: "Indexes",
};
