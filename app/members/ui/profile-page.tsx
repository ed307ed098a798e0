import { TermRow as Row } from "~/ui/term-row";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/react";
import { useFormat } from "~/i18n/use-format";
import { DIRECTORY_PATH } from "../directory-criteria";
import type { loadProfilePage } from "../profile-page.server";
import { PATHS } from "~/routing/paths";

function ItemList({ items, label, notGiven }: { items: string[]; label: string; notGiven: JSX.Element }) {
  if (items.length === 0) return notGiven;
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
  const { t } = useTranslation("members");
  const format = useFormat();
  const notGiven = <span className="not-given">{t("profile.notGiven")}</span>;
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
      <h1>{t("profile.heading")}</h1>
      {updated ? (
        <div className="notice notice-success" role="status">
          {t(`profile.updated.${updated}`)}
        </div>
      ) : null}

      <section className="profile-section" aria-labelledby="profile-sign-in">
        <div className="profile-section-head">
          <h2 id="profile-sign-in">{t("profile.signingIn")}</h2>
        </div>
        <dl className="dl-grid">
          <Row term={t("profile.username")}>
            <span className="profile-value">{account.username}</span>
            <Link to={PATHS.profileEditUsername} className="profile-edit">
              {t("profile.changeUsername")}
            </Link>
          </Row>
          <Row term={t("profile.email")}>
            <span className="profile-value">
              {account.email}{" "}
              <span className={account.emailVerified ? "badge badge-ok" : "badge badge-warning"}>
                {account.emailVerified ? t("profile.verified") : t("profile.notVerified")}
              </span>
            </span>
            <Link to={PATHS.profileEditEmail} className="profile-edit">
              {t("profile.changeEmail")}
            </Link>
          </Row>
          <Row term={t("profile.password")}>
            <span className="profile-value">
              <span aria-hidden="true">••••••••••••</span>
              <span className="visually-hidden">{t("profile.passwordSet")}</span>
            </span>
            <Link to={PATHS.profileEditPassword} className="profile-edit">
              {t("profile.changePassword")}
            </Link>
          </Row>
        </dl>
      </section>

      <section className="profile-section" aria-labelledby="profile-membership">
        <div className="profile-section-head">
          <h2 id="profile-membership">{t("profile.membership")}</h2>
        </div>
        <dl className="dl-grid">
          <Row term={t("profile.memberNumber")}>{t("memberNumber", { number: account.memberId })}</Row>
          <Row term={t("profile.role")}>{t(`profile.roles.${account.role}`)}</Row>
          <Row term={t("profile.membership")}>{t(`profile.states.${account.membership}`)}</Row>
          <Row term={t("profile.validUntil")}>
            {account.membershipExpiresOn ? format.day(account.membershipExpiresOn, 0) : t("profile.noExpiry")}
          </Row>
        </dl>
        {/* A whole-page post: the page's own session runtime starts again, signed out, with the next page. */}
        <form method="post" className="profile-sign-out-everywhere">
          <AuthenticityTokenInput name="csrf" />
          <p>{t("profile.signOutEverywhereText")}</p>
          <button type="submit" className="btn btn-secondary">
            {t("profile.signOutEverywhere")}
          </button>
        </form>
      </section>

      <section className="profile-section" aria-labelledby="profile-personal">
        <div className="profile-section-head">
          <h2 id="profile-personal">{t("profile.personal")}</h2>
          <Link to={PATHS.profileEditPersonal} className="btn btn-secondary">
            {t("profile.editPersonal")}
          </Link>
        </div>
        <dl className="dl-grid">
          <Row term={t("profile.name")}>{name || notGiven}</Row>
          <Row term={t("profile.address")}>
            {addressLines.length ? (
              <address className="profile-address">
                {addressLines.map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
              </address>
            ) : (
              notGiven
            )}
          </Row>
          <Row term={t("profile.phone")}>{account.phone || notGiven}</Row>
          <Row term={t("profile.researchSurnames")}>
            <ItemList items={account.researchSurnames} label={t("profile.researchSurnames")} notGiven={notGiven} />
          </Row>
          <Row term={t("profile.researchPlaces")}>
            <ItemList items={account.researchPlaces} label={t("profile.researchPlaces")} notGiven={notGiven} />
          </Row>
          <Row term={t("profile.directory")}>
            <span className="profile-value">
              {account.listedInDirectory ? t("profile.listed") : t("profile.notListed")}
            </span>
            <Link to={DIRECTORY_PATH} className="profile-edit">
              {t("profile.searchDirectory")}
            </Link>
          </Row>
        </dl>
      </section>
    </div>
  );
}
