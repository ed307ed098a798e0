import { MATCH_MODE_LABELS, type MatchMode } from "~/names/match-modes";
import { nearLabel } from "./place-filter";
import { type Criteria, type ListingField, type SearchForm, criteriaToParams, pathWith } from "./search-form";
import { type Words, labelInSentence } from "./say";

/** A removable term of a search, shown above the results: a link to the same search without it. */
export interface Chip {
  label: string;
  removeHref: string;
}

/**
 * Collects a search's chips: `add(label, without)` links to the criteria with
 * `without` applied, from the first page (a removed term changes the count).
 */
export function chipCollector<C extends { page: number }>(criteria: C, hrefFor: (next: C) => string) {
  const chips: Chip[] = [];
  return {
    chips,
    add(label: string, without: Partial<C>) {
      chips.push({ label, removeHref: hrefFor({ ...criteria, page: 1, ...without }) });
    },
  };
}

/**
 * " (starts with)" after a term matched otherwise than its field's default; nothing for the default. With `words`
 * (the `search` catalog in the reader's language) the mode's label is theirs.
 */
export function modeNote(mode: MatchMode, defaultMode: MatchMode, words?: Words): string {
  if (mode === defaultMode) return "";
  if (!words) return ` (${MATCH_MODE_LABELS[mode].toLowerCase()})`;
  return ` ${words("chips.mode", { mode: labelInSentence(words.language ?? "en", words(`modes.${mode}`)) })}`;
}

export function yearsLabel(from: number | undefined, to: number | undefined, words?: Words): string {
  if (words) {
    if (from !== undefined && to !== undefined) {
      return from === to ? words("chips.year", { year: from }) : words("chips.years", { from, to });
    }
    return from !== undefined ? words("chips.yearsFrom", { from }) : words("chips.yearsTo", { to });
  }
  if (from !== undefined && to !== undefined) return from === to ? `Year: ${from}` : `Years: ${from}–${to}`;
  return from !== undefined ? `Years: from ${from}` : `Years: up to ${to}`;
}

/**
 * The chips of a name-field form; `extra` parameters (a person id) stay in every link. `words` (the `search`
 * catalog) gives them in the reader's language, the fields' labels being the form's own.
 */
export function criteriaChips<F extends ListingField>(
  form: SearchForm<F>,
  criteria: Criteria<F>,
  extra?: URLSearchParams,
  words?: Words,
): Chip[] {
  const { chips, add } = chipCollector(criteria, (next) => {
    const params = criteriaToParams(next, form);
    for (const [k, v] of extra ?? []) params.set(k, v);
    return pathWith(form.path, params);
  });
  for (const c of criteria.fields) {
    const shown = c.field.choices?.find((x) => x.value === c.value)?.label ?? c.value;
    const note = modeNote(c.mode, c.field.defaultMode, words);
    add(
      words ? words("chips.field", { field: c.field.label, value: shown, note }) : `${c.field.label}: ${shown}${note}`,
      {
        fields: criteria.fields.filter((f) => f !== c),
      },
    );
  }
  if (criteria.yearFrom !== undefined || criteria.yearTo !== undefined) {
    add(yearsLabel(criteria.yearFrom, criteria.yearTo, words), { yearFrom: undefined, yearTo: undefined });
  }
  if (criteria.near) {
    add(nearLabel(criteria.near, criteria.placeName, words), { near: undefined, placeName: undefined });
  }
  if (criteria.placeId !== undefined) {
    const place =
      criteria.placeName ?? (words ? words("chips.placeNumber", { id: criteria.placeId }) : `no. ${criteria.placeId}`);
    add(words ? words("chips.place", { place }) : `Place: ${place} (any spelling)`, {
      placeId: undefined,
      placeName: undefined,
    });
  }
  return chips;
}
