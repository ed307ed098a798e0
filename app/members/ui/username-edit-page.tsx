import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import axios from "axios";
import { useEffect, useRef, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { sessionHttp } from "~/auth/session-http";
import { getBrowserSession } from "~/auth/use-browser-session";
import { USERNAME_MAX, USERNAME_MIN, usernameSchema } from "../forms";
import type { loadUsernameEditPage, usernameEditAction } from "../username-edit-page.server";
import {
  AVAILABILITY_PATH,
  type AvailabilityChecker,
  type AvailabilityFetch,
  type AvailabilityState,
  createAvailabilityChecker,
} from "./username-availability";

// Through the session's client (SPEC §7.3): it refreshes the token and sends it as the Bearer header.
const fetchAvailability: AvailabilityFetch = async (username, signal) => {
  try {
    const response = await sessionHttp(getBrowserSession()).get(AVAILABILITY_PATH, { params: { username }, signal });
    return response.data;
  } catch (error) {
    // A 400 still answers: it says what is wrong with the name.
    if (axios.isAxiosError(error) && error.response?.status === 400) return error.response.data;
    throw error;
  }
};

/**
 * What the field says of the name. The browser's own messages are English sentences of the `forms` catalog, put in
 * the page's language by `message`; the server's answers come in it already (and are no key, so they stay as they are).
 */
function statusView(
  state: AvailabilityState,
  t: TFunction,
  message: (key: string) => string,
): { text: string; tone: "hint" | "ok" | "error" } {
  switch (state.status) {
    case "idle":
      return { text: "", tone: "hint" };
    case "invalid":
      return { text: message(state.message), tone: "error" };
    case "checking":
      return { text: t("username.checking", { username: state.username }), tone: "hint" };
    case "answered":
      return { text: message(state.message), tone: state.available ? "ok" : "error" };
    case "failed":
      return { text: t("username.failed"), tone: "hint" };
  }
}

import { EditActions } from "./edit-actions";
import { PATHS } from "~/routing/paths";
import { Trans, type TFunction, useTranslation } from "~/i18n/react";
import { useProfileMessages } from "./form-messages";

const TEXT_INPUT = { type: "text" } as const;

export function UsernameEditPage() {
  const { username } = useLoaderData<typeof loadUsernameEditPage>();
  const lastResult = useActionData<typeof usernameEditAction>();
  const { t } = useTranslation("members");
  const { formatError, message } = useProfileMessages();
  const [form, fields] = useForm({
    id: "username",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: usernameSchema, formatError }),
  });
  const [availability, setAvailability] = useState<AvailabilityState>({ status: "idle" });
  const checker = useRef<AvailabilityChecker | null>(null);
  useEffect(() => () => checker.current?.cancel(), []);
  // The server's verdict on submit replaces whatever the live check last said.
  useEffect(() => {
    if (lastResult) {
      checker.current?.cancel();
      setAvailability({ status: "idle" });
    }
  }, [lastResult]);

  const field = fields.username;
  const status = statusView(availability, t, message);
  // The schema's message beside the field already says what is wrong with the form of the name.
  const showStatus = status.text !== "" && !(field.errors && availability.status === "invalid");
  const statusId = `${field.id}-availability`;
  const hintId = `${field.id}-hint`;

  return (
    <div className="profile-form narrow">
      <p className="back-link">
        <Link to={PATHS.profile}>← {t("profile.heading")}</Link>
      </p>
      <h1>{t("username.heading")}</h1>
      <p className="lead">
        <Trans
          t={t}
          i18nKey="username.lead"
          values={{ username }}
          components={{ current: <strong className="username-current" /> }}
        />
      </p>
      <Form method="post" className="stacked-form" {...getFormProps(form)}>
        <AuthenticityTokenInput name="csrf" />
        <div className="field">
          <label htmlFor={field.id}>{t("username.newUsername")}</label>
          <input
            {...getInputProps(field, TEXT_INPUT)}
            key={field.key}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby={[hintId, field.errors ? field.errorId : "", statusId].filter(Boolean).join(" ")}
            onChange={(event) => {
              checker.current ??= createAvailabilityChecker(setAvailability, fetchAvailability, {
                currentUsername: username,
              });
              checker.current.input(event.target.value);
            }}
          />
          <p className="field-hint" id={hintId}>
            {t("username.hint", { min: USERNAME_MIN, max: USERNAME_MAX })}
          </p>
          {field.errors ? (
            <p className="field-error" id={field.errorId}>
              {field.errors.join(" ")}
            </p>
          ) : null}
          <p id={statusId} className={`availability availability-${status.tone}`} role="status" aria-live="polite">
            {showStatus ? status.text : ""}
          </p>
        </div>
        <EditActions label={t("username.submit")} />
      </Form>
    </div>
  );
}
