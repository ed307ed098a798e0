import type { LoaderFunctionArgs } from "@remix-run/node";
import { unknownPage } from "~/catalog.server";
import { GeneralErrorBoundary } from "~/ui/error-page";

/**
 * Everything no route matched. A case variant of a known path answers 301 to
 * its canonical spelling (old links and typed URLs keep working); anything
 * else is the 404 page with SPEC §8's message.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return unknownPage(request);
}

export const action = loader;

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
