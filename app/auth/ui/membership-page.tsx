import { Link } from "@remix-run/react";
import { PATHS } from "~/routing/paths";

/** /Signup: what membership gives, before the form. */
export function MembershipPage() {
  return (
    <div className="narrow-wide">
      <h1>Become a member</h1>
      <p className="lead">
        The society&apos;s volunteers transcribe parish registers so that everybody can find their families. Membership
        keeps that work going and opens the rest of the collections.
      </p>
      <div className="cards">
        <section className="card" aria-labelledby="free-heading">
          <h2 id="free-heading">Free for everyone</h2>
          <ul>
            <li>The St. Petersburg Consistory births, deaths and marriages, 1833–1885</li>
            <li>Search all collections at once and see how many members&apos; records match</li>
            <li>Record pages with sources and citations, CSV downloads</li>
          </ul>
        </section>
        <section className="card" aria-labelledby="members-heading">
          <h2 id="members-heading">For members</h2>
          <ul>
            <li>The members&apos; collections as they are published: Lublin, Volhynia, Łódź, the master pedigree</li>
            <li>Records younger than the privacy periods (100 years for births, 75 for deaths and marriages)</li>
            <li>A profile with the surnames and places you research, so other members can find you</li>
            <li>Research guides and the society&apos;s journal</li>
          </ul>
        </section>
      </div>
      <p>
        Signing up takes two minutes: choose a username and password, tell us your name, and confirm your e-mail address
        with the link we send you.
      </p>
      <p className="form-actions">
        <Link to={PATHS.signupNew} className="btn btn-primary">
          Sign up
        </Link>
        <Link to={PATHS.login} className="btn btn-secondary">
          I am already a member
        </Link>
      </p>
    </div>
  );
}
