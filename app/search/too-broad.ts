import type { Messages } from "~/listing/params";
import type { FieldCriterion } from "~/listing/search-form";
import { MATCH_MODE_LABELS } from "~/names/match-modes";

/**
 * The messages of a search too broad to answer (the engine's SearchTooBroad), beside the fields that make it so:
 * the costliest term always, and every other term that costs at least a fifth of the total. Shared by the
 * collections' search pages and the search of all records.
 */

/** What SearchTooBroad says about the terms (a structural copy, so this module stays free of server code). */
export interface TooBroad {
  postings: number;
  fields: readonly { field: string; postings: number }[];
}

const SHARE_NAMED = 0.2;
const count = (n: number) => n.toLocaleString("en-GB");

export function tooBroadMessages(
  broad: TooBroad,
  criteria: { fields: readonly FieldCriterion[]; near?: unknown },
): Messages {
  const errors: Messages = {};
  broad.fields.forEach(({ field, postings }, i) => {
    if (i > 0 && postings < broad.postings * SHARE_NAMED) return;
    const criterion = criteria.fields.find((c) => c.field.name === field);
    if (criterion) {
      const mode = MATCH_MODE_LABELS[criterion.mode].toLowerCase();
      errors[field] =
        `Make the search narrower: “${criterion.value}” (${mode}) is in about ${count(postings)} names here. ` +
        `Type more of the name or choose a stricter way of matching.`;
    } else if (criteria.near !== undefined) {
      errors.near = `Make the search narrower: the places within this distance hold about ${count(postings)} records. Choose a smaller distance or add a name.`;
    }
  });
  if (!Object.keys(errors).length) {
    // A place link (placeId) has no field of its own: the message goes beside the first name.
    const first = criteria.fields[0];
    errors[first ? first.field.name : "near"] =
      "Make the search narrower: type more of a name, choose a stricter way of matching or add a year range.";
  }
  return errors;
}
