import { Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { labelInSentence } from "../say";

/**
 * The controls every search form shares: a name field with its match-mode
 * select, and a year range. Errors sit beside their field and are tied to
 * it with aria-describedby; the typed values come back from the loader.
 */
type Errors = Partial<Record<string, string>>;
type Values = Record<string, string>;

export function FieldError({ errors, name }: { errors: Errors; name: string }) {
  const message = errors[name];
  return message ? (
    <p className="field-error" id={`${name}-error`}>
      {message}
    </p>
  ) : null;
}

export function describedBy(errors: Errors, name: string): string | undefined {
  return errors[name] ? `${name}-error` : undefined;
}

export interface ModeFieldInfo {
  name: string;
  label: string;
  defaultMode: string;
  modes: { value: string; label: string }[];
  /** A closed list (record type): a select of its values and no match mode. */
  choices?: { value: string; label: string }[] | null;
}

export function ModeField({
  field,
  values,
  errors,
  list,
}: {
  field: ModeFieldInfo;
  values: Values;
  errors: Errors;
  list?: string;
}) {
  const { t, translator } = useTranslation("search");
  const modeName = `${field.name}Mode`;
  if (field.choices)
    return (
      <div className="field">
        <label htmlFor={field.name}>{field.label}</label>
        <select
          id={field.name}
          name={field.name}
          defaultValue={values[field.name] ?? ""}
          aria-invalid={errors[field.name] ? true : undefined}
          aria-describedby={describedBy(errors, field.name)}
        >
          <option value="">{t("form.any")}</option>
          {field.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <FieldError errors={errors} name={field.name} />
      </div>
    );
  return (
    <div className="field">
      <label htmlFor={field.name}>{field.label}</label>
      <input
        id={field.name}
        name={field.name}
        type="text"
        defaultValue={values[field.name] ?? ""}
        autoComplete="off"
        spellCheck={false}
        list={list}
        aria-invalid={errors[field.name] ? true : undefined}
        aria-describedby={describedBy(errors, field.name)}
      />
      <select
        name={modeName}
        aria-label={t("form.howToMatch", { field: labelInSentence(translator.language, field.label) })}
        defaultValue={values[modeName] ?? field.defaultMode}
        aria-invalid={errors[modeName] ? true : undefined}
        aria-describedby={describedBy(errors, modeName)}
      >
        {field.modes.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </select>
      <FieldError errors={errors} name={field.name} />
      <FieldError errors={errors} name={modeName} />
    </div>
  );
}

/** A plain text input with an optional hint, both tied to it for screen readers. */
export function TextField({
  name,
  label,
  values,
  errors,
  hint,
  inputMode,
  size,
  type = "text",
}: {
  name: string;
  label: string;
  values: Values;
  errors: Errors;
  hint?: string;
  inputMode?: "numeric" | "decimal" | "email";
  size?: number;
  type?: "text" | "email";
}) {
  const ids = [hint ? `${name}-hint` : undefined, describedBy(errors, name)].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        type={type}
        inputMode={inputMode}
        size={size}
        defaultValue={values[name] ?? ""}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={ids || undefined}
      />
      {hint && (
        <p className="field-hint" id={`${name}-hint`}>
          {hint}
        </p>
      )}
      <FieldError errors={errors} name={name} />
    </div>
  );
}

export function PerPageField({
  perPage,
  choices,
  errors,
  label,
}: {
  perPage: number;
  choices: readonly number[];
  errors: Errors;
  label?: string;
}) {
  const { t } = useTranslation("search");
  return (
    <div className="field">
      <label htmlFor="perPage">{label ?? t("form.perPage")}</label>
      <select
        id="perPage"
        name="perPage"
        defaultValue={errors.perPage ? undefined : String(perPage)}
        aria-invalid={errors.perPage ? true : undefined}
        aria-describedby={describedBy(errors, "perPage")}
      >
        {choices.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <FieldError errors={errors} name="perPage" />
    </div>
  );
}

export function YearRange({
  values,
  errors,
  placeholders,
}: {
  values: Values;
  errors: Errors;
  placeholders?: { from: number; to: number };
}) {
  const { t } = useTranslation("search");
  const input = (name: "yearFrom" | "yearTo", label: string, placeholder?: number) => (
    <>
      <label htmlFor={name} className="visually-hidden">
        {label}
      </label>
      <input
        id={name}
        name={name}
        inputMode="numeric"
        placeholder={placeholder === undefined ? undefined : String(placeholder)}
        defaultValue={values[name] ?? ""}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(errors, name)}
        size={6}
      />
    </>
  );
  const from = input("yearFrom", t("form.yearFrom"), placeholders?.from);
  const to = input("yearTo", t("form.yearTo"), placeholders?.to);
  return (
    <fieldset className="field field-years">
      <legend>{t("form.years")}</legend>
      <div className="field-row">
        {from}
        <span aria-hidden="true">–</span>
        {to}
      </div>
      <FieldError errors={errors} name="yearFrom" />
      <FieldError errors={errors} name="yearTo" />
    </fieldset>
  );
}

/** Above a search form that was not searched: how many fields need a look. */
export function FormProblemsNotice({ errors }: { errors: Errors }) {
  const { t } = useTranslation("search");
  const count = Object.keys(errors).length;
  if (count === 0) return null;
  return (
    <div className="notice notice-warning" role="alert">
      {t("form.problems", { count })}
    </div>
  );
}

/** Search and Clear; the button says so while a search is under way. */
export function SearchActions({ busy, clearTo }: { busy: boolean; clearTo: string }) {
  const { t } = useTranslation("search");
  return (
    <div className="form-actions">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t("form.searching") : t("form.search")}
      </button>
      <Link to={clearTo} className="btn btn-secondary">
        {t("form.clear")}
      </Link>
    </div>
  );
}

/**
 * The end of a search form: the kept sort order (or its message), the
 * page's message, and Search / Clear, busy while this form's page loads.
 */
export function SearchFormEnd({
  errors,
  sort,
  keepSort,
  searchPath,
}: {
  errors: Errors;
  sort: string;
  keepSort: boolean;
  searchPath: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location?.pathname === searchPath;
  return (
    <>
      {errors.sort ? (
        <FieldError errors={errors} name="sort" />
      ) : (
        keepSort && <input type="hidden" name="sort" value={sort} />
      )}
      <FieldError errors={errors} name="page" />
      <SearchActions busy={busy} clearTo={searchPath} />
    </>
  );
}

/**
 * "Within N km of a place" (app/listing/place-filter.ts): the place's name or "lat, lon" and the radius; the
 * place chosen among several of one name (nearId) and a place page's link (placeId) ride along as hidden fields.
 * When a name is shared, `candidates` lists each as a link to the same search with it chosen.
 */
export function NearField({
  values,
  errors,
  candidates,
}: {
  values: Values;
  errors: Errors;
  candidates?: readonly { name: string; province: string; indexTitle: string; href: string }[];
}) {
  const { t } = useTranslation("search");
  return (
    <fieldset className="field field-near">
      <legend>{t("near.legend")}</legend>
      <div className="field-row">
        <label htmlFor="radius" className="visually-hidden">
          {t("near.radius")}
        </label>
        <input
          id="radius"
          name="radius"
          inputMode="decimal"
          size={4}
          placeholder="10"
          defaultValue={values.radius ?? ""}
          aria-invalid={errors.radius ? true : undefined}
          aria-describedby={describedBy(errors, "radius")}
        />
        <span>{t("near.kmOf")}</span>
        <label htmlFor="near" className="visually-hidden">
          {t("near.place")}
        </label>
        <input
          id="near"
          name="near"
          size={16}
          defaultValue={values.near ?? ""}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.near ? true : undefined}
          aria-describedby={["near-hint", describedBy(errors, "near")].filter(Boolean).join(" ")}
        />
      </div>
      {values.nearId && !errors.near && <input type="hidden" name="nearId" value={values.nearId} />}
      {values.placeId && !errors.placeId && <input type="hidden" name="placeId" value={values.placeId} />}
      <p className="field-hint" id="near-hint">
        {t("near.hint")}
      </p>
      <FieldError errors={errors} name="radius" />
      <FieldError errors={errors} name="near" />
      <FieldError errors={errors} name="placeId" />
      {candidates && candidates.length > 0 && (
        <ul className="near-candidates" aria-label={t("near.candidates")}>
          {candidates.map((c) => (
            <li key={c.href}>
              <Link to={c.href}>
                {c.name}, {c.province}
              </Link>{" "}
              ({c.indexTitle})
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
