import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { type TFunction, useTranslation } from "~/i18n/react";
import { useFormat } from "~/i18n/use-format";
import { LabelledField } from "~/ui/labelled-field";
import { ROLES, STATUSES } from "../forms";
import {
  EXPIRY_FILTERS,
  MEMBERS_PATH,
  type MembersQuery,
  SOON_DAYS,
  formatSort,
  membersQueryString,
} from "../members-query";
import type { loadMembersPage } from "../members.server";
import { FieldError, PerPageField, describedBy } from "~/listing/ui/form-fields";
import { Pager } from "~/listing/ui/result-controls";
import { AdminNav } from "./admin-nav";
import { PATHS, adminMemberPath } from "~/routing/paths";

type PageData = ReturnType<typeof useLoaderData<typeof loadMembersPage>>;
type Column = MembersQuery["sort"]["column"];

/** The expiry filter's choices in the reader's language. */
const expiryLabel = (t: TFunction, filter: (typeof EXPIRY_FILTERS)[number]) =>
  filter === "soon" ? t("members.expiry.soon", { count: SOON_DAYS, days: SOON_DAYS }) : t(`members.expiry.${filter}`);

/** A membership's state (active, pending, suspended, expired), an account's status or its role, as the admin reads them. */
export const membershipLabel = (t: TFunction, state: string) => t(`membership.${state}`);
export const roleLabel = (t: TFunction, role: string) => t(`role.${role}`);

const COLUMNS: Column[] = ["username", "email", "name", "status", "role", "expiry", "joined"];

export function MembersPage() {
  const data = useLoaderData<typeof loadMembersPage>();
  const { t } = useTranslation("admin");
  const { number } = useFormat();
  return (
    <div className="admin">
      <h1>{t("members.heading")}</h1>
      <AdminNav />
      {data.approval && (
        <p className="notice" role="status">
          {data.pendingApprovals === 0 ? (
            <>{t("members.noneWaiting")}</>
          ) : (
            <Link to={PATHS.adminApprovals}>
              {t("members.waiting", { count: data.pendingApprovals, n: number(data.pendingApprovals) })}
            </Link>
          )}
        </p>
      )}
      <h2>{t("members.members")}</h2>
      <MembersForm data={data} />
      {data.result && <MembersTable data={data} result={data.result} />}
    </div>
  );
}

function MembersForm({ data }: { data: PageData }) {
  const { values, errors, query } = data;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location?.pathname === MEMBERS_PATH;
  const errorCount = Object.keys(errors).length;
  const { t } = useTranslation("admin");
  // After an error the field shows what was typed; otherwise what is in effect.
  const value = (name: keyof typeof values, fallback: string) => (errors[name] ? values[name] : fallback) ?? "";
  return (
    <Form method="get" action={MEMBERS_PATH} className="search-form" role="search" aria-label={t("members.find")}>
      {errorCount > 0 && (
        <div className="notice notice-warning" role="alert">
          {t("correct", { count: errorCount })}
        </div>
      )}
      <div className="field">
        <label htmlFor="q">{t("members.q")}</label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={value("q", query.q)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.q ? true : undefined}
          aria-describedby={describedBy(errors, "q")}
        />
        <FieldError errors={errors} name="q" />
      </div>
      <Choice
        name="status"
        label={t("members.status")}
        value={value("status", query.status ?? "")}
        options={STATUSES.map((s) => [s, t(`status.${s}`)])}
        errors={errors}
      />
      <Choice
        name="role"
        label={t("members.role")}
        value={value("role", query.role ?? "")}
        options={ROLES.map((r) => [r, roleLabel(t, r)])}
        errors={errors}
      />
      <Choice
        name="expiry"
        label={t("members.expiryLabel")}
        value={value("expiry", query.expiry ?? "")}
        options={EXPIRY_FILTERS.map((e) => [e, expiryLabel(t, e)])}
        errors={errors}
      />
      <PerPageField
        perPage={query.perPage}
        choices={data.perPageChoices}
        errors={errors}
        label={t("members.perPage")}
      />
      {errors.sort ? (
        <FieldError errors={errors} name="sort" />
      ) : (
        <input type="hidden" name="sort" value={formatSort(query.sort)} />
      )}
      <FieldError errors={errors} name="page" />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("searching") : t("search")}
        </button>
        <Link to={MEMBERS_PATH} className="btn btn-secondary">
          {t("clear")}
        </Link>
      </div>
    </Form>
  );
}

function Choice({
  name,
  label,
  value,
  options,
  errors,
}: {
  name: string;
  label: string;
  value: string;
  options: [string, string][];
  errors: Partial<Record<string, string>>;
}) {
  const { t } = useTranslation("admin");
  return (
    <LabelledField name={name} label={label}>
      <select
        id={name}
        name={name}
        defaultValue={errors[name] ? "" : value}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(errors, name)}
      >
        <option value="">{t("any")}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <FieldError errors={errors} name={name} />
    </LabelledField>
  );
}

function MemberRow({ member: r }: { member: NonNullable<PageData["result"]>["rows"][number] }) {
  const { t } = useTranslation("admin");
  return (
    <tr>
      <td>
        <Link to={adminMemberPath(r.id)}>{r.username}</Link>
      </td>
      <td className="cell-email">
        {r.email}
        {!r.emailVerified && <span className="badge badge-warning">{t("members.unconfirmed")}</span>}
      </td>
      <td>{r.name}</td>
      <td>{membershipLabel(t, r.membership)}</td>
      <td>{roleLabel(t, r.role)}</td>
      <td className="nowrap">{r.expiresOn ?? "—"}</td>
      <td className="nowrap">{r.joined}</td>
    </tr>
  );
}

function MembersTable({ data, result }: { data: PageData; result: NonNullable<PageData["result"]> }) {
  const { query } = data;
  const { t } = useTranslation("admin");
  const { number } = useFormat();
  const sortHref = (column: Column) => {
    // The first click sorts ascending; clicking the sorted column turns it round.
    const descending = query.sort.column === column ? !query.sort.descending : false;
    return `${MEMBERS_PATH}${membersQueryString(query, { sort: { column, descending }, page: 1 })}`;
  };
  const ariaSort = (column: Column) =>
    query.sort.column === column ? (query.sort.descending ? "descending" : "ascending") : undefined;
  const from = (result.page - 1) * query.perPage + 1;
  const to = from + result.rows.length - 1;
  const chips: { label: string; change: Partial<MembersQuery> }[] = [];
  if (query.q) chips.push({ label: `“${query.q}”`, change: { q: "" } });
  if (query.status) {
    chips.push({ label: t("members.chipStatus", { status: t(`status.${query.status}`) }), change: { status: null } });
  }
  if (query.role)
    chips.push({ label: t("members.chipRole", { role: roleLabel(t, query.role) }), change: { role: null } });
  if (query.expiry) chips.push({ label: expiryLabel(t, query.expiry), change: { expiry: null } });
  return (
    <section aria-labelledby="members-heading" className="results-section">
      {chips.length > 0 && (
        <ul className="chips" aria-label={t("members.activeFilters")}>
          {chips.map((c) => (
            <li key={c.label}>
              <Link
                to={`${MEMBERS_PATH}${membersQueryString(query, { ...c.change, page: 1 })}`}
                className="chip"
                aria-label={t("members.remove", { label: c.label })}
              >
                {c.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <h3 id="members-heading" aria-live="polite">
        {result.total === 0
          ? t("members.noneFound")
          : t("members.count", { count: result.total, n: number(result.total) })}
        {result.total > 0 && (
          <span className="results-range"> · {t("members.showing", { from: number(from), to: number(to) })}</span>
        )}
      </h3>
      {result.correctedFromPage !== null && (
        <p className="notice" role="status">
          {t("members.lastPage", { page: result.correctedFromPage, last: result.page })}
        </p>
      )}
      {result.total > 0 && (
        <>
          <div className="table-wrap" tabIndex={0} role="region" aria-label={t("members.members")}>
            <table className="results admin-table">
              <thead>
                <tr>
                  {COLUMNS.map((c) => (
                    <th scope="col" key={c} aria-sort={ariaSort(c)}>
                      <Link className="sort-link" to={sortHref(c)}>
                        {t(`members.column.${c}`)}
                      </Link>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r) => (
                  <MemberRow key={r.id} member={r} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={result.page}
            pageCount={result.pageCount}
            label={t("members.pagerLabel")}
            href={(page) => `${MEMBERS_PATH}${membersQueryString(query, { page })}`}
          />
        </>
      )}
    </section>
  );
}
