import { TermRow as Row } from "~/ui/term-row";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { DIRECTORY_PATH } from "../directory-criteria";
import type { UpdateKind, loadProfilePage } from "../profile-page.server";
import { PATHS } from "~/routing/paths";

const UPDATED_MESSAGES: Record<UpdateKind, string> = {
  personal: "Your personal details are saved.",
  password: "Your password is changed. Every other device where you were signed in has been signed out.",
  username: "Your username is changed. Sign in with the new one from now on.",
  email: "Your new e-mail address is confirmed and in use. We told your old address about the change.",
};

const MEMBERSHIP_LABELS = {
  active: "Active",
  pending: "Waiting for confirmation",
  suspended: "Suspended",
  expired: "Expired",
} as const;

const ROLE_LABELS = { member: "Member", admin: "Administrator" } as const;

// A fixed locale and UTC so the server and the browser print the same date.
const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

function formatDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dateFormat.format(date);
}

const NOT_GIVEN = <span className="not-given">Not given</span>;

function ItemList({ items, label }: { items: string[]; label: string }) {
  if (items.length === 0) return NOT_GIVEN;
  return (
    <ul className="profile-items" aria-label={label}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function ProfilePage() {
  const { account, updated } = useLoaderData<typeof loadProfilePage>();
  const name = [account.givenName, account.surname].filter(Boolean).join(" ");
  const addressLines = [
    account.addressLine1,
    account.addressLine2,
    [account.postalCode, account.city].filter(Boolean).join(" "),
    account.region,
    account.country,
  ].filter(Boolean);

  return (
    <div className="profile">
      <h1>Your account</h1>
      {updated ? (
        <div className="notice notice-success" role="status">
          {UPDATED_MESSAGES[updated]}
        </div>
      ) : null}

      <section className="profile-section" aria-labelledby="profile-sign-in">
        <div className="profile-section-head">
          <h2 id="profile-sign-in">Signing in</h2>
        </div>
        <dl className="dl-grid">
          <Row term="Username">
            <span className="profile-value">{account.username}</span>
            <Link to={PATHS.profileEditUsername} className="profile-edit">
              Change username
            </Link>
          </Row>
          <Row term="E-mail">
            <span className="profile-value">
              {account.email}{" "}
              <span className={account.emailVerified ? "badge badge-ok" : "badge badge-warning"}>
                {account.emailVerified ? "verified" : "not verified"}
              </span>
            </span>
            <Link to={PATHS.profileEditEmail} className="profile-edit">
              Change e-mail
            </Link>
          </Row>
          <Row term="Password">
            <span className="profile-value">
              <span aria-hidden="true">••••••••••••</span>
              <span className="visually-hidden">Set</span>
            </span>
            <Link to={PATHS.profileEditPassword} className="profile-edit">
              Change password
            </Link>
          </Row>
        </dl>
      </section>

      <section className="profile-section" aria-labelledby="profile-membership">
        <div className="profile-section-head">
          <h2 id="profile-membership">Membership</h2>
        </div>
        <dl className="dl-grid">
          <Row term="Member number">{account.memberNumber}</Row>
          <Row term="Role">{ROLE_LABELS[account.role]}</Row>
          <Row term="Membership">{MEMBERSHIP_LABELS[account.membership]}</Row>
          <Row term="Valid until">
            {account.membershipExpiresOn ? formatDate(account.membershipExpiresOn) : "No expiry date"}
          </Row>
        </dl>
        {/* A whole-page post: the page's own session runtime starts again, signed out, with the next page. */}
        <form method="post" className="profile-sign-out-everywhere">
          <AuthenticityTokenInput name="csrf" />
          <p>Lost a device, or signed in on a shared computer? This ends every sign-in of your account, here too.</p>
          <button type="submit" className="btn btn-secondary">
            Sign out everywhere
          </button>
        </form>
      </section>

      <section className="profile-section" aria-labelledby="profile-personal">
        <div className="profile-section-head">
          <h2 id="profile-personal">Personal details</h2>
          <Link to={PATHS.profileEditPersonal} className="btn btn-secondary">
            Edit personal details
          </Link>
        </div>
        <dl className="dl-grid">
          <Row term="Name">{name || NOT_GIVEN}</Row>
          <Row term="Address">
            {addressLines.length ? (
              <address className="profile-address">
                {addressLines.map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
              </address>
            ) : (
              NOT_GIVEN
            )}
          </Row>
          <Row term="Phone">{account.phone || NOT_GIVEN}</Row>
          <Row term="Research surnames">
            <ItemList items={account.researchSurnames} label="Research surnames" />
          </Row>
          <Row term="Research places">
            <ItemList items={account.researchPlaces} label="Research places" />
          </Row>
          <Row term="Member directory">
            <span className="profile-value">
              {account.listedInDirectory
                ? "Listed: other members can find you by your research surnames and places"
                : "Not listed: other members cannot find you"}
            </span>
            <Link to={DIRECTORY_PATH} className="profile-edit">
              Search the member directory
            </Link>
          </Row>
        </dl>
      </section>
    </div>
  );
}
