import type { Messages } from "~/listing/params";
import type { FieldCriterion } from "~/listing/search-form";
import { ENGLISH_SAY, type Say } from "~/listing/say";
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

/** `say` gives them in the reader's language, `modeLabel` a match mode's label in it (English without). */
export function tooBroadMessages(
  broad: TooBroad,
  criteria: { fields: readonly FieldCriterion[]; near?: unknown },
  say: Say = ENGLISH_SAY,
  modeLabel: (mode: FieldCriterion["mode"]) => string = (mode) => MATCH_MODE_LABELS[mode],
): Messages {
  const errors: Messages = {};
  broad.fields.forEach(({ field, postings }, i) => {
    if (i > 0 && postings < broad.postings * SHARE_NAMED) return;
    const criterion = criteria.fields.find((c) => c.field.name === field);
    if (criterion) {
      errors[field] = say(
        "Make the search narrower: “{{value}}” ({{mode}}) is in about {{names}} names here. Type more of the name or choose a stricter way of matching.",
        { value: criterion.value, mode: say.inSentence(modeLabel(criterion.mode)), names: say.number(postings) },
      );
    } else if (criteria.near !== undefined) {
      errors.near = say(
        "Make the search narrower: the places within this distance hold about {{records}} records. Choose a smaller distance or add a name.",
        { records: say.number(postings) },
      );
    }
  });
  if (!Object.keys(errors).length) {
    // A place link (placeId) has no field of its own: the message goes beside the first name.
    const first = criteria.fields[0];
    errors[first ? first.field.name : "near"] = say(
      "Make the search narrower: type more of a name, choose a stricter way of matching or add a year range.",
    );
  }
  return errors;
}
