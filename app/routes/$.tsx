import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { canonicalPath } from "~/routing/canonical";
import { pageNotFound } from "~/routing/responses";
import { GeneralErrorBoundary } from "~/ui/error-page";

/**
 * Everything no route matched. A case variant of a known path answers 301 to
 * its canonical spelling (old links and typed URLs keep working); anything
 * else is the 404 page with SPEC §8's message.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const canonical = canonicalPath(url.pathname);
  if (canonical) throw redirect(`${canonical}${url.search}`, 301);
  throw pageNotFound(url.pathname);
}

export const action = loader;

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
