import { Link, useLoaderData } from "@remix-run/react";
import { PATHS } from "~/routing/paths";
import { Trans, useTranslation } from "~/i18n/react";
import type { PlaceMention } from "../place-mentions.server";

/**
 * On a place page: how many records of each collection mention the place, each a link into that collection's
 * search filtered to it; a visitor sees the members' collections' counts with an invitation to join (as /Search).
 */
export function PlaceRecords() {
  const { mentions } = useLoaderData<{ mentions: PlaceMention[] }>();
  const locked = mentions.some((m) => m.locked);
  const { t } = useTranslation("places");
  return (
    <section aria-labelledby="place-records">
      <h2 id="place-records">{t("records.heading")}</h2>
      {mentions.length ? (
        <>
          <ul className="place-records">
            {mentions.map((m) => (
              <li key={m.id}>
                <Link to={m.href}>
                  {t(m.countIsLowerBound ? "records.moreThanIn" : "records.in", {
                    count: m.count,
                    title: m.title,
                  })}
                </Link>
                {m.access === "members" && <> {t("records.membersOnly")}</>}
              </li>
            ))}
          </ul>
          <p className="field-hint">{t("records.countedBy")}</p>
          {locked && (
            <p className="members-invite">
              <Trans t={t} i18nKey="records.invite" components={{ signup: <Link to={PATHS.signup} /> }} />
            </p>
          )}
        </>
      ) : (
        <p>{t("records.none")}</p>
      )}
    </section>
  );
}
