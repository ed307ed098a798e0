import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { formatCount } from "~/ui/format";
import { LabelledField } from "~/ui/labelled-field";
import { ROLE_LABELS, STATUS_LABELS } from "../forms";
import {
  type EXPIRY_FILTERS,
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

const EXPIRY_LABELS: Record<(typeof EXPIRY_FILTERS)[number], string> = {
  expired: "Expired",
  soon: `Expiring within ${SOON_DAYS} days`,
  none: "No expiry",
};

/** How the administration names a membership's state. */
export const MEMBERSHIP_LABELS = {
  active: "Active",
  pending: "Pending",
  suspended: "Suspended",
  expired: "Expired",
} as const;

const COLUMNS: { key: Column; label: string }[] = [
  { key: "username", label: "Username" },
  { key: "email", label: "E-mail" },
  { key: "name", label: "Name" },
  { key: "status", label: "Status" },
  { key: "role", label: "Role" },
  { key: "expiry", label: "Expires" },
  { key: "joined", label: "Joined" },
];

export function MembersPage() {
  const data = useLoaderData<typeof loadMembersPage>();
  return (
    <div className="admin">
      <h1>Administration</h1>
      <AdminNav />
      {data.approval && (
        <p className="notice" role="status">
          {data.pendingApprovals === 0 ? (
            <>No sign-ups are waiting for approval.</>
          ) : (
            <Link to={PATHS.adminApprovals}>
              {formatCount(data.pendingApprovals)} {data.pendingApprovals === 1 ? "sign-up is" : "sign-ups are"} waiting
              for approval
            </Link>
          )}
        </p>
      )}
      <h2>Members</h2>
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
  // After an error the field shows what was typed; otherwise what is in effect.
  const value = (name: keyof typeof values, fallback: string) => (errors[name] ? values[name] : fallback) ?? "";
  return (
    <Form method="get" action={MEMBERS_PATH} className="search-form" role="search" aria-label="Find members">
      {errorCount > 0 && (
        <div className="notice notice-warning" role="alert">
          Please correct the {errorCount === 1 ? "field" : "fields"} marked below; nothing was searched.
        </div>
      )}
      <div className="field">
        <label htmlFor="q">Username, e-mail or name</label>
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
        label="Status"
        value={value("status", query.status ?? "")}
        options={Object.entries(STATUS_LABELS)}
        errors={errors}
      />
      <Choice
        name="role"
        label="Role"
        value={value("role", query.role ?? "")}
        options={Object.entries(ROLE_LABELS)}
        errors={errors}
      />
      <Choice
        name="expiry"
        label="Membership expiry"
        value={value("expiry", query.expiry ?? "")}
        options={Object.entries(EXPIRY_LABELS)}
        errors={errors}
      />
      <PerPageField perPage={query.perPage} choices={data.perPageChoices} errors={errors} label="Members per page" />
      {errors.sort ? (
        <FieldError errors={errors} name="sort" />
      ) : (
        <input type="hidden" name="sort" value={formatSort(query.sort)} />
      )}
      <FieldError errors={errors} name="page" />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Searching…" : "Search"}
        </button>
        <Link to={MEMBERS_PATH} className="btn btn-secondary">
          Clear
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
  return (
    <LabelledField name={name} label={label}>
      <select
        id={name}
        name={name}
        defaultValue={errors[name] ? "" : value}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(errors, name)}
      >
        <option value="">Any</option>
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
  return (
    <tr>
      <td>
        <Link to={adminMemberPath(r.id)}>{r.username}</Link>
      </td>
      <td className="cell-email">
        {r.email}
        {!r.emailVerified && <span className="badge badge-warning">unconfirmed</span>}
      </td>
      <td>{r.name}</td>
      <td>{MEMBERSHIP_LABELS[r.membership]}</td>
      <td>{ROLE_LABELS[r.role]}</td>
      <td className="nowrap">{r.expiresOn ?? "—"}</td>
      <td className="nowrap">{r.joined}</td>
    </tr>
  );
}

function MembersTable({ data, result }: { data: PageData; result: NonNullable<PageData["result"]> }) {
  const { query } = data;
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
  if (query.status) chips.push({ label: `Status: ${STATUS_LABELS[query.status]}`, change: { status: null } });
  if (query.role) chips.push({ label: `Role: ${ROLE_LABELS[query.role]}`, change: { role: null } });
  if (query.expiry) chips.push({ label: EXPIRY_LABELS[query.expiry], change: { expiry: null } });
  return (
    <section aria-labelledby="members-heading" className="results-section">
      {chips.length > 0 && (
        <ul className="chips" aria-label="Active filters">
          {chips.map((c) => (
            <li key={c.label}>
              <Link
                to={`${MEMBERS_PATH}${membersQueryString(query, { ...c.change, page: 1 })}`}
                className="chip"
                aria-label={`Remove ${c.label}`}
              >
                {c.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <h3 id="members-heading" aria-live="polite">
        {result.total === 0
          ? "No members found"
          : `${formatCount(result.total)} ${result.total === 1 ? "member" : "members"}`}
        {result.total > 0 && (
          <span className="results-range">
            {" "}
            · showing {formatCount(from)}–{formatCount(to)}
          </span>
        )}
      </h3>
      {result.correctedFromPage !== null && (
        <p className="notice" role="status">
          There is no page {result.correctedFromPage}; this is the last page, {result.page}.
        </p>
      )}
      {result.total > 0 && (
        <>
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Members">
            <table className="results admin-table">
              <thead>
                <tr>
                  {COLUMNS.map((c) => (
                    <th scope="col" key={c.key} aria-sort={ariaSort(c.key)}>
                      <Link className="sort-link" to={sortHref(c.key)}>
                        {c.label}
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
            label="Member pages"
            href={(page) => `${MEMBERS_PATH}${membersQueryString(query, { page })}`}
          />
        </>
      )}
    </section>
  );
}
