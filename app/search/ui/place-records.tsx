import { Link, useLoaderData } from "@remix-run/react";
import { PATHS } from "~/routing/paths";
import { formatCount } from "~/ui/format";
import type { PlaceMention } from "../place-mentions.server";

/**
 * On a place page: how many records of each collection mention the place, each a link into that collection's
 * search filtered to it; a visitor sees the members' collections' counts with an invitation to join (as /Search).
 */
export function PlaceRecords() {
  const { mentions } = useLoaderData<{ mentions: PlaceMention[] }>();
  const locked = mentions.some((m) => m.locked);
  return (
    <section aria-labelledby="place-records">
      <h2 id="place-records">Records that mention this place</h2>
      {mentions.length ? (
        <>
          <ul className="place-records">
            {mentions.map((m) => (
              <li key={m.id}>
                <Link to={m.href}>
                  {m.countIsLowerBound ? "More than " : ""}
                  {formatCount(m.count)} {m.count === 1 ? "record" : "records"} in {m.title}
                </Link>
                {m.access === "members" && <> (members only)</>}
              </li>
            ))}
          </ul>
          <p className="field-hint">Counted by the place or parish of each record, under any of the spellings above.</p>
          {locked && (
            <p className="members-invite">
              Members only: <Link to={PATHS.signup}>become a member</Link> or sign in through a link above to see these
              records.
            </p>
          )}
        </>
      ) : (
        <p>No record of the collections you can search names this place by any of its spellings.</p>
      )}
    </section>
  );
}
