/// <reference types="vite/client" />
// The error page of SPEC §2/§8, shared by the root and route error boundaries.
// Modelled on the Epic Stack's GeneralErrorBoundary: routes can swap the
// rendering per status code and keep the rest.
import {
  isRouteErrorResponse,
  Link,
  useParams,
  useRouteError,
  type ErrorResponse,
  type Params,
} from "@remix-run/react";
import { useEffect, useId, type ReactElement, type ReactNode } from "react";
import { type TFunction, useTranslation } from "~/i18n/react";
import { reloadIfNetworkFailure } from "~/browser/offline-navigation";
import { PATHS } from "~/routing/paths";

export const NOT_FOUND_TITLE = "Page Not Found";
export const SERVER_ERROR_TITLE = "Internal Server Error";

// SPEC §8 falls back to "Internal Server Error" when no status message is
// supplied. For client errors that would mislead ("Internal Server Error" for a
// 403 from the members guard), so those get their standard reason phrase.
const STATUS_TITLES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  405: "Method Not Allowed",
  410: "Gone",
  413: "Content Too Large",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  503: "Service Unavailable",
};

/** The catalog key of each title the site gives itself; a title a loader chose is shown as it is. */
const TITLE_KEYS: Readonly<Record<string, string>> = {
  [NOT_FOUND_TITLE]: "error.title.404",
  [SERVER_ERROR_TITLE]: "error.title.500",
  ...Object.fromEntries(Object.entries(STATUS_TITLES).map(([status, title]) => [title, `error.title.${status}`])),
};

/** The spec's "Page not found: {path}" (SPEC §8), in the reader's language. */
const PAGE_NOT_FOUND_MESSAGE = /^Page not found: (.*)$/s;

function translatedTitle(t: TFunction, title: string): string {
  const key = TITLE_KEYS[title];
  return key ? t(key) : title;
}

function translatedMessage(t: TFunction, message: string): string {
  const path = PAGE_NOT_FOUND_MESSAGE.exec(message)?.[1];
  return path === undefined ? message : t("error.pageNotFound", { path });
}

export type ErrorStatus = {
  status: number;
  /** The status message shown as the page heading. */
  title: string;
  /** Text the error itself carries that is safe to show; empty when none. */
  message: string;
};

/**
 * Status, heading and message for anything a boundary can catch. Only route
 * error responses (thrown by our own loaders/actions) contribute a message;
 * an unexpected Error's text may hold internals and is never returned.
 */
export function getErrorStatus(error: unknown): ErrorStatus {
  if (isRouteErrorResponse(error)) {
    return {
      status: error.status,
      title: titleFor(error.status, error.statusText),
      message: messageFor(error),
    };
  }
  if (typeof Response !== "undefined" && error instanceof Response) {
    return {
      status: error.status,
      title: titleFor(error.status, error.statusText),
      message: "",
    };
  }
  return { status: 500, title: SERVER_ERROR_TITLE, message: "" };
}

function titleFor(status: number, statusText: string): string {
  const supplied = statusText.trim();
  if (status === 404) {
    // "Not Found" is merely the HTTP default, not a message someone chose.
    return supplied && supplied !== "Not Found" ? supplied : NOT_FOUND_TITLE;
  }
  if (supplied) return supplied;
  return STATUS_TITLES[status] ?? SERVER_ERROR_TITLE;
}

function messageFor(error: ErrorResponse): string {
  // The router's own errors (no route matched, no action) carry developer
  // wording such as 'Error: No route matches URL "/x"'.
  if ("internal" in error && error.internal === true) {
    if (error.status !== 404 || typeof error.data !== "string") return "";
    const path = /No route matches URL "([^"]*)"/.exec(error.data)?.[1];
    return path ? `Page not found: ${path}` : "";
  }
  return messageFromData(error.data);
}

function messageFromData(data: unknown): string {
  if (typeof data === "string") return data.trim();
  if (typeof data === "object" && data !== null && "message" in data && typeof data.message === "string") {
    return data.message.trim();
  }
  return "";
}

export type ErrorPageProps = {
  status: number;
  /** Heading; defaults to "Page Not Found" for 404, else "Internal Server Error". */
  title?: string;
  /** The error's own text, e.g. "Page not found: /foo". */
  message?: string;
  /** Replaces the default explanation under the message. */
  description?: ReactNode;
};

export function ErrorPage({ status, title, message, description }: ErrorPageProps) {
  const { t } = useTranslation("common");
  const notFound = status === 404;
  const heading = translatedTitle(t, title ?? (notFound ? NOT_FOUND_TITLE : titleFor(status, "")));
  const signInHelps = status === 401 || status === 403;
  const headingId = useId();

  return (
    <section className={notFound ? "error-page error-page-not-found" : "error-page"} aria-labelledby={headingId}>
      <p className="error-status">
        <span className="visually-hidden">{t("error.status")} </span>
        {status}
      </p>
      <h1 id={headingId}>{heading}</h1>
      {message ? <p className="error-message">{translatedMessage(t, message)}</p> : null}
      <p className="error-description">{description ?? t(descriptionKey(status))}</p>
      <ul className="error-links">
        <li>
          <Link to="/">{t("error.links.home")}</Link>
        </li>
        <li>
          <Link to={PATHS.searchAll}>{t("error.links.search")}</Link>
        </li>
        {signInHelps ? (
          <li>
            <Link to={PATHS.login}>{t("account.signIn")}</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function descriptionKey(status: number): string {
  if (status === 404) return "error.description.notFound";
  if (status === 401 || status === 403) return "error.description.membersOnly";
  if (status === 503) return "error.description.unavailable";
  if (status >= 400 && status < 500) return "error.description.clientError";
  return "error.description.serverError";
}

export type StatusHandler = (info: { error: ErrorResponse; params: Params }) => ReactElement | null;

export type GeneralErrorBoundaryProps = {
  /** Rendering per status code, e.g. `{ 404: () => <p>No such record</p> }`. */
  statusHandlers?: Record<number, StatusHandler>;
  /** Rendering for error responses without a status handler. */
  defaultStatusHandler?: StatusHandler;
  /** Rendering for thrown errors that are not error responses. */
  unexpectedErrorHandler?: (error: unknown) => ReactElement | null;
};

function renderDefaultStatus({ error }: { error: ErrorResponse }): ReactElement {
  const { status, title, message } = getErrorStatus(error);
  return <ErrorPage status={status} title={title} message={message} />;
}

function renderUnexpected(error: unknown): ReactElement {
  const { status, title } = getErrorStatus(error);
  // Production never shows an unexpected error's text: it can reveal SQL,
  // paths or stack frames. In development it saves a trip to the console.
  const devMessage = import.meta.env.DEV && error instanceof Error ? error.message : undefined;
  return <ErrorPage status={status} title={title} message={devMessage} />;
}

export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = renderDefaultStatus,
  unexpectedErrorHandler = renderUnexpected,
}: GeneralErrorBoundaryProps = {}) {
  const error = useRouteError();
  const params = useParams();

  useEffect(() => {
    // A link followed offline: load the address as a document so the service worker can answer it.
    if (reloadIfNetworkFailure(error, window)) return;
    // Expected outcomes (a 404, a 403) are not worth a console entry.
    if (!isRouteErrorResponse(error) || error.status >= 500) {
      console.error(error);
    }
  }, [error]);

  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? defaultStatusHandler;
    return handler({ error, params });
  }
  return unexpectedErrorHandler(error);
}
