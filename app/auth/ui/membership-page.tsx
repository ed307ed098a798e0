import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PATHS } from "~/routing/paths";

/** /Signup: what membership gives, before the form. */
export function MembershipPage() {
  const { t } = useTranslation("auth");
  return (
    <div className="narrow-wide">
      <h1>{t("membership.heading")}</h1>
      <p className="lead">{t("membership.lead")}</p>
      <div className="cards">
        <section className="card" aria-labelledby="free-heading">
          <h2 id="free-heading">{t("membership.free.heading")}</h2>
          <ul>
            <li>{t("membership.free.consistory")}</li>
            <li>{t("membership.free.searchAll")}</li>
            <li>{t("membership.free.records")}</li>
          </ul>
        </section>
        <section className="card" aria-labelledby="members-heading">
          <h2 id="members-heading">{t("membership.members.heading")}</h2>
          <ul>
            <li>{t("membership.members.collections")}</li>
            <li>{t("membership.members.recent")}</li>
            <li>{t("membership.members.profile")}</li>
            <li>{t("membership.members.guides")}</li>
          </ul>
        </section>
      </div>
      <p>{t("membership.howTo")}</p>
      <p className="form-actions">
        <Link to={PATHS.signupNew} className="btn btn-primary">
          {t("membership.signUp")}
        </Link>
        <Link to={PATHS.login} className="btn btn-secondary">
          {t("membership.alreadyMember")}
        </Link>
      </p>
    </div>
  );
}
